import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { renderToStaticMarkup } from 'react-dom/server'
import { PageBody } from '#components/PageBody.tsx'
import { clock } from '#lib/content/check.ts'
import { routeHref } from '#lib/routes.ts'
import { fixtureCopy, loadContent, page as pageFile, put } from '#tests/helpers/content.ts'
import {
  serveTestVideo,
  TEST_VIDEO,
  TEST_VIDEO_ID,
  testVideoEntry,
  vttOf,
} from '#tests/helpers/test-video.ts'
import { accessibleNodes, axeViolations, htmlcsErrors, nameless } from './audits.ts'
import { expect, test } from './served.ts'
import { content } from './site.ts'

// A captioned, described lesson video on a page of the site, as a deaf or blind pupil meets it.
// None of today's videos has captions, so the page brings its own: the test content with the
// test video (tests/fixtures/media), its captions and its descriptions, checked and rendered by
// the site's own code, in the <main> of a real lesson page as Cloudflare's runtime serves it
// (its headers, policy and site script), with the video's host and the two files stood in.

const { said, seen } = TEST_VIDEO
const files = {
  captions: `${TEST_VIDEO_ID}.vtt`,
  descriptions: `${TEST_VIDEO_ID}-descriptions.vtt`,
}
const dir = fixtureCopy()
put(dir, `captions/${files.captions}`, vttOf(said))
put(dir, `captions/${files.descriptions}`, vttOf(seen))
appendFileSync(
  join(dir, 'data', 'videos.yaml'),
  testVideoEntry(
    `  captions: ${files.captions}\n  descriptions: ${files.descriptions}\n  duration: ${TEST_VIDEO.duration}\n`
  )
)
put(
  dir,
  'pages/captioned.md',
  pageFile(
    'route: /captioned\ntitle: A captioned lesson\ndescription: A lesson with a captioned video.\nsection: lessons',
    `Watch this with your class.\n\n@video ${TEST_VIDEO_ID}`
  )
)
const lesson = loadContent(dir).byRoute.get('/captioned')!
const main = renderToStaticMarkup(
  <>
    <h1>{lesson.title}</h1>
    <PageBody page={lesson} />
  </>
)
// A page of the site whose policy lets a video file play.
const host = content.pages.find((p) =>
  p.blocks.some((b) => b.kind === 'video' && b.video.provider === 'file')
)!
const path = routeHref(host.route)
// Every line of the transcript, in the order of its moment.
const transcript = [
  ...said.map((line) => ({ ...line, words: line.text })),
  ...seen.map((line) => ({ ...line, words: `Seen: ${line.text}` })),
]
  .sort((a, b) => a.start - b.start)
  .map((line) => `${clock(line.start)} ${line.words}`)

/** The lesson page: a real page of the site, with the captioned lesson in its <main>. */
async function openLesson(page: Page) {
  await serveTestVideo(page)
  for (const [name, moments] of [
    [files.captions, said],
    [files.descriptions, seen],
  ] as const)
    await page.route(`**/captions/${name}`, (route) =>
      route.fulfill({ contentType: 'text/vtt', body: vttOf(moments) })
    )
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(/(<main\b[^>]*>)[\s\S]*(<\/main>)/, `$1${main}$2`)
    await route.fulfill({ response, body })
  })
  await page.goto(path)
  return page.locator('main video')
}

/** Readies the player (it loads nothing until played), as a first press of Play does. */
const ready = (player: ReturnType<Page['locator']>) =>
  player.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true
    await video.play()
    video.pause()
  })

test('the player shows each caption at its moment, captions on', async ({ page }) => {
  const player = await openLesson(page)
  await ready(player)
  for (const line of said) {
    const shown = await player.evaluate(
      async (video: HTMLVideoElement, at) => {
        const track = [...video.textTracks].find((t) => t.kind === 'captions')!
        while (!track.cues?.length) await new Promise((r) => setTimeout(r, 50))
        video.currentTime = at
        await new Promise((r) => (video.onseeked = r))
        return {
          mode: track.mode,
          label: track.label,
          active: [...track.activeCues!].map((c) => (c as VTTCue).text),
        }
      },
      (line.start + line.end) / 2
    )
    expect(shown).toEqual({ mode: 'showing', label: 'English', active: [line.text] })
  }
})

test('a transcript line plays the video from its moment, by keyboard', async ({ page }) => {
  const player = await openLesson(page)
  const line = page.getByRole('link', { name: `${clock(said[1]!.start)} ${said[1]!.text}` })
  // Where the seek lands, recorded by a listener in place before the key is pressed.
  await player.evaluate((video: HTMLVideoElement) =>
    video.addEventListener('seeked', () => (video.dataset.seekedAt = `${video.currentTime}`), {
      once: true,
    })
  )
  await line.focus()
  await page.keyboard.press('Enter')
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => Number(video.dataset.seekedAt)))
    .toBeCloseTo(said[1]!.start, 1)
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.paused)).toBe(false)
  expect(new URL(page.url()).pathname).toBe(path)
})

test('the descriptions are spoken when asked, the video paused while they are', async ({
  page,
}) => {
  // The browser's voice, observed: each utterance, whether the video was paused, and its end.
  await page.addInitScript(() => {
    const spoken: { text: string; paused: boolean; at: number }[] = []
    Object.assign(window, { spoken })
    speechSynthesis.speak = (utterance) => {
      const video = document.querySelector('video')!
      spoken.push({ text: utterance.text, paused: video.paused, at: video.currentTime })
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 500)
    }
  })
  const player = await openLesson(page)
  const button = page.getByRole('button', { name: 'Read the descriptions aloud' })
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await player.evaluate(async (video: HTMLVideoElement, at) => {
    video.currentTime = at
    await video.play()
  }, seen[0]!.start - 1)
  const spoken = () => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)
  await expect.poll(spoken).toHaveLength(1)
  const [first] = (await spoken()) as { text: string; paused: boolean; at: number }[]
  expect(first).toMatchObject({ text: seen[0]!.text, paused: true })
  expect(Math.abs(first!.at - seen[0]!.start)).toBeLessThanOrEqual(0.5)
  // Once the voice is done, the video goes on.
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime))
    .toBeGreaterThan(first!.at)
})

test('passes axe, HTML_CodeSniffer and Chromium’s tree, by keyboard at 320 px and in forced colours', async ({
  page,
}) => {
  await openLesson(page)
  expect(await axeViolations(page)).toEqual([])
  expect(await htmlcsErrors(page)).toEqual([])
  const nodes = await accessibleNodes(page)
  expect(nameless(nodes)).toEqual([])
  const links = nodes.filter((n) => n.role === 'link').map((n) => n.name)
  for (const line of transcript) expect(links).toContain(line)
  expect(nodes).toContainEqual(
    expect.objectContaining({
      role: 'button',
      name: 'Read the descriptions aloud',
      pressed: 'false',
    })
  )
  await page.setViewportSize({ width: 320, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  expect(await axeViolations(page)).toEqual([])
  // In forced colours, the button keeps its frame and a focused line its mark.
  await page.emulateMedia({ forcedColors: 'active' })
  const button = page.getByRole('button', { name: 'Read the descriptions aloud' })
  expect(await button.evaluate((el) => getComputedStyle(el).borderTopWidth)).not.toBe('0px')
  const line = page.getByRole('link', { name: transcript[0] })
  await line.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(line).toBeFocused()
  const mark = await line.evaluate((el) => getComputedStyle(el))
  expect({ style: mark.outlineStyle, width: mark.outlineWidth }).toEqual({
    style: 'solid',
    width: '3px',
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the transcript lists every caption and description at its time, and prints', async ({
    page,
  }) => {
    await openLesson(page)
    const lines = page.locator('main details[open] li')
    await expect(lines).toHaveText(transcript)
    // Each a link to the video file at its moment, which plays on its own.
    await expect(lines.first().locator('a')).toHaveAttribute('href', /\.mp4#t=\d/)
    await page.emulateMedia({ media: 'print' })
    await expect(lines.last()).toBeVisible()
  })
})
