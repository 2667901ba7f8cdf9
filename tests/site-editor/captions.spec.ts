import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type ElementHandle, type Locator, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { readCues } from '#lib/content/check.ts'
import { FIXTURE, problemsIn } from '#tests/helpers/content.ts'
import {
  serveTestVideo,
  TEST_VIDEO,
  TEST_VIDEO_ID,
  testVideoEntry,
} from '#tests/helpers/test-video.ts'
import { startSiteEditorServer, type SiteEditorServer } from '#tools/site-editor/local-server.ts'
import { accessibleNodes, axeViolations, htmlcsErrors, nameless } from '../e2e/audits.ts'
import { watchPage } from '../e2e/guarded-test.ts'

// The captions workshop, driven as a clerk drives it, on the real editor as built into
// out/admin/: its own `npm run site-editor` server on a copy of the test content with the test
// video (its speech and picture known: tests/fixtures/media), whose address stays on the
// bureau's video host and is served here. The clerk plays it, types what is said as it is said
// (the video waits while they type), corrects a word and a time in the list, writes what is
// seen, and saves once: both WebVTT files and the video's fields are on disk, each cue at the
// moment the clerk typed it, and the content check passes. The preview plays them on the
// page's own player.

let server: SiteEditorServer
let repo: string
const { said, seen } = TEST_VIDEO

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'captions-editor-'))
  cpSync(FIXTURE, join(repo, 'content'), { recursive: true })
  appendFileSync(join(repo, 'content', 'data', 'videos.yaml'), testVideoEntry())
  appendFileSync(join(repo, 'content', 'pages', 'lessons.md'), `\n@video ${TEST_VIDEO_ID}\n`)
  server = await startSiteEditorServer({ outDir: 'out', repoDir: repo, port: 0 })
})

test.afterAll(async () => {
  await server?.close()
  rmSync(repo, { recursive: true, force: true })
})

const read = (path: string) => readFileSync(join(repo, 'content', path), 'utf8')

/** Signs in, opens the videos and the test video's workshop; returns it and its player. */
async function openWorkshop(page: Page) {
  await page.route(
    (url) => url.hostname !== 'localhost',
    (route) => route.abort()
  )
  await serveTestVideo(page)
  await page.goto(`${server.url}/admin/`)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.goto(`${server.url}/admin/#/collections/videos/entries/videos`)
  await page.getByText(`Captions test (${TEST_VIDEO_ID})`).click()
  await page.getByRole('button', { name: 'Write captions and descriptions' }).click()
  const workshop = page.getByRole('region', { name: 'Captions workshop for “Captions test”' })
  const player = workshop.locator('video')
  await player.evaluate((video: HTMLVideoElement) =>
    video.readyState > 0 ? undefined : new Promise((loaded) => (video.onloadedmetadata = loaded))
  )
  return { workshop, player }
}

/** Waits, as the clerk listens, until the video reaches `moment`; returns where it is. */
async function listenUntil(player: Locator, moment: number) {
  const handle = (await player.elementHandle()) as ElementHandle<HTMLVideoElement>
  await player
    .page()
    .waitForFunction(([video, at]) => video!.currentTime >= at, [handle, moment] as const, {
      polling: 'raf',
    })
  return player.evaluate((video: HTMLVideoElement) => video.currentTime)
}

test('a clerk captions and describes a video while it plays, and one Save writes both files', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const problems = await watchPage(page)
  const { workshop, player } = await openWorkshop(page)
  const box = workshop.getByRole('textbox', { name: /^Type what is said as you hear it/ })
  const typed: number[] = []

  await test.step('type what is said, as it is said', async () => {
    await player.evaluate((video: HTMLVideoElement) => video.play())
    for (const [i, line] of said.entries()) {
      // Just after the words are said, the clerk types them (a typo in the first).
      await listenUntil(player, line.end + 0.2)
      await box.pressSequentially(i === 0 ? line.text.replace('fast', 'fats') : line.text)
      // The video waited from the first key on: where it stands is where typing began, however
      // long the machine took to get the keys there.
      expect(await player.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true)
      typed.push(await player.evaluate((video: HTMLVideoElement) => video.currentTime))
      await box.press('Enter')
      await expect(workshop.getByRole('textbox', { name: `Words of line ${i + 1}` })).toBeVisible()
    }
  })

  await test.step('correct a word and a time in the list, and play from a cue', async () => {
    const words = workshop.getByRole('textbox', { name: 'Words of line 1' })
    await words.click()
    await words.press('ControlOrMeta+a')
    await words.pressSequentially(said[0]!.text)
    // The second caption starts where its words start, not where the first one ended.
    const from = workshop.getByRole('spinbutton', { name: 'Line 2 from (seconds)' })
    await from.click()
    await from.press('ControlOrMeta+a')
    await from.pressSequentially(String(said[1]!.start))
    // Where the seek goes, read as it starts: the video plays on from there at once.
    const moved = player.evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((done) => (video.onseeking = () => done(video.currentTime)))
    )
    await workshop.getByRole('button', { name: /^Play from 0:05/ }).click()
    expect(await moved).toBeCloseTo(said[1]!.start, 1)
  })

  await test.step('write what is seen and not said', async () => {
    // In the same box, starting with "Seen:".
    const moment = seen.at(-1)!
    await listenUntil(player, moment.start + 0.2)
    await box.pressSequentially(`Seen: ${moment.text}`)
    typed.push(await player.evaluate((video: HTMLVideoElement) => video.currentTime))
    await box.press('Enter')
    await expect(workshop.getByRole('textbox', { name: 'Words of line 3' })).toHaveValue(
      `Seen: ${moment.text}`
    )
  })

  await test.step("the preview plays the drafts on the page's own player, captions on", async () => {
    const preview = page.frameLocator('#preview-pane')
    const shown = preview.locator('video[aria-label="Captions test"]')
    await expect(shown.locator('track[kind="captions"]')).toHaveAttribute('src', /^data:text\/vtt,/)
    const cues = await shown.evaluate(async (video: HTMLVideoElement) => {
      const track = video.textTracks[0]!
      while (!track.cues?.length) await new Promise((r) => setTimeout(r, 50))
      return { mode: track.mode, texts: [...track.cues].map((cue) => (cue as VTTCue).text) }
    })
    expect(cues).toEqual({ mode: 'showing', texts: said.map((line) => line.text) })
  })

  await test.step('one Save writes both files and the entry, through the site check', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Publish now', { exact: true }).click()
    await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 })
    const videos = parse(read('data/videos.yaml')) as Record<string, unknown>[]
    const entry = videos.find((video) => video.id === TEST_VIDEO_ID)!
    expect(entry).toMatchObject({
      captions: `${TEST_VIDEO_ID}.vtt`,
      descriptions: `${TEST_VIDEO_ID}-descriptions.vtt`,
      duration: Math.ceil(TEST_VIDEO.duration * 10) / 10,
    })
    const captions = readCues(read(`captions/${entry.captions}`))
    expect(captions.map((cue) => cue.text)).toEqual(said.map((line) => line.text))
    // Each caption ends where the clerk began typing it, within half a second.
    captions.forEach((cue, i) => expect(Math.abs(cue.end - typed[i]!)).toBeLessThanOrEqual(0.5))
    expect(captions.map((cue) => cue.start)).toEqual([0, said[1]!.start])
    const described = readCues(read(`captions/${entry.descriptions}`))
    expect(described.map((cue) => cue.text)).toEqual([seen.at(-1)!.text])
    // A description lasts a second; one begun in the video's last second is moved into it.
    const last = Math.min(typed.at(-1)!, TEST_VIDEO.duration - 1)
    expect(Math.abs(described[0]!.start - last)).toBeLessThanOrEqual(0.5)
    expect(described[0]!.end).toBeLessThanOrEqual(TEST_VIDEO.duration)
    expect(problemsIn(join(repo, 'content'), 'error')).toEqual([])
  })
  const { violations, consoleErrors } = await problems()
  expect(violations, 'Content-Security-Policy violations').toEqual([])
  expect(consoleErrors, 'console errors').toEqual([])
})

test('the workshop passes axe, HTML_CodeSniffer and names every control in Chromium’s tree', async ({
  page,
}) => {
  const { workshop } = await openWorkshop(page)
  // With a cue in the list, as the clerk has it.
  const box = workshop.getByRole('textbox', { name: /^Type what is said/ })
  await box.pressSequentially('Hello.')
  await box.press('Enter')
  const within = 'section[aria-label^="Captions workshop"]'
  await expect(page.locator(`${within} li`).first()).toBeVisible()
  expect(await axeViolations(page, within)).toEqual([])
  expect(await htmlcsErrors(page, within)).toEqual([])
  const nodes = await accessibleNodes(page, within)
  expect(nameless(nodes)).toEqual([])
  // Every control of the workshop by the name it shows.
  const names = nodes.map(({ role, name }) => `${role}: ${name}`)
  for (const control of [
    'list: Captions and descriptions (to delete one, clear its words)',
    'spinbutton: Line 1 from (seconds)',
    'spinbutton: Line 1 to (seconds)',
    'textbox: Words of line 1',
    'button: Play from 0:00',
  ])
    expect(names).toContain(control)
})
