import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { VideoEmbed } from '#components/VideoEmbed.tsx'
import { loadContent } from '#tests/helpers/content.ts'
import { routeHref } from '#lib/routes.ts'
import { expect, onWorkerPage, test } from './served.ts'
import { content, dropdowns } from './site.ts'

// WCAG 2.2 AA checks that axe cannot make: captions that really load, focus
// that is never hidden, a focus ring that stands out, distinct landmarks.

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

test('a video with a captions file shows its captions, under the site policy', async ({ page }) => {
  // The real videos cannot be reached from here, so the mechanism is tested
  // with the test content's video and its WebVTT file.
  const fixture = loadContent(join(process.cwd(), 'tests', 'fixtures', 'content'))
  const video = fixture.registries.videos.get('fire-is-fast')!
  const vtt = readFileSync(
    join(process.cwd(), 'tests', 'fixtures', 'content', 'captions', video.captions!),
    'utf8'
  )
  await page.route(`**/captions/${video.captions}`, (route) =>
    route.fulfill({ body: vtt, contentType: 'text/vtt' })
  )
  const withVideo = content.pages.find((p) => p.blocks.some((b) => b.kind === 'video'))!
  await page.goto(routeHref(withVideo.route))
  const markup = renderToStaticMarkup(<VideoEmbed video={video} />)
  await page.locator('main').evaluate((main, html) => (main.innerHTML = html), markup)
  const track = page.locator('main video track')
  await expect(track).toHaveAttribute('kind', 'captions')
  const cues = await page.locator('main video').evaluate(async (el: HTMLVideoElement) => {
    const textTrack = el.textTracks[0]!
    textTrack.mode = 'showing'
    // Until the track has loaded: the test's own guard stops a hang.
    while (!textTrack.cues?.length) await new Promise((r) => setTimeout(r, 100))
    return {
      label: textTrack.label,
      language: textTrack.language,
      text: textTrack.cues?.[0] && (textTrack.cues[0] as VTTCue).text,
    }
  })
  expect(cues).toEqual({
    label: 'English',
    language: 'en',
    text: vtt.split('\n').filter((line) => line && !/-->|WEBVTT/.test(line))[0],
  })
})

test.describe('without JavaScript, at desktop width', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } })

  for (const { label, items } of dropdowns) {
    test(`an open ${label} menu never hides what has focus after tabbing out of it`, async ({
      page,
    }) => {
      await page.goto('/')
      const menu = page.locator('details.nav-dropdown', { hasText: label })
      await menu.locator('summary').focus()
      await page.keyboard.press('Enter')
      await expect(menu.getByRole('link').first()).toBeVisible()
      for (let i = 0; i < items.length; i++) await page.keyboard.press('Tab')
      // Focus leaves the menu and goes on through the header into the page:
      // at every step, nothing may cover the focused element.
      for (let step = 0; step < 15; step++) {
        await page.keyboard.press('Tab')
        expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(false)
        const covered = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement
          el.scrollIntoView({ block: 'nearest' })
          const box = el.getClientRects()[0]!
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          // Covered means something outside the element and its own ancestors is on top.
          return top && !el.contains(top) && !top.contains(el) ? top.outerHTML.slice(0, 80) : null
        })
        expect(covered, `focus step ${step + 1}`).toBeNull()
      }
      await expect(menu.getByRole('link').first()).toBeHidden()
    })

    test(`with the pointer resting on an open ${label} menu, the search field is not hidden when it takes focus`, async ({
      page,
    }) => {
      await page.goto('/')
      const menu = page.locator('details.nav-dropdown', { hasText: label })
      await menu.locator('summary').click()
      const first = menu.getByRole('link').first()
      await expect(first).toBeVisible()
      await first.hover()
      const field = page.getByRole('searchbox', { name: 'Search this site' })
      // Real keystrokes from the menu to the field, the pointer still on the menu.
      for (
        let step = 0;
        step < 60 && !(await field.evaluate((el) => el === document.activeElement));
        step++
      )
        await page.keyboard.press('Tab')
      await expect(field).toBeFocused()
      const top = await field.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return found === el ? null : (found?.outerHTML.slice(0, 80) ?? 'nothing')
      })
      expect(top).toBeNull()
      await expect(first).toBeHidden()
    })
  }
})

onWorkerPage(
  'the focused header search field stands out from its surroundings by at least 3:1',
  async ({ shared: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    const field = page.getByRole('searchbox', { name: 'Search this site' })
    const before = await field.evaluate((el) => getComputedStyle(el).outlineStyle)
    await field.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(field).toBeFocused()
    const ring = await field.evaluate((el) => {
      const style = getComputedStyle(el)
      const header = getComputedStyle(el.closest('header')!)
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        around: header.backgroundColor,
      }
    })
    expect(before).toBe('none')
    expect(ring.style).toBe('solid')
    expect(ring.width).toBeGreaterThanOrEqual(2)
    expect(contrast(ring.color, ring.around)).toBeGreaterThanOrEqual(3)
  }
)

onWorkerPage(
  'the search page has two search landmarks, each with its own name',
  async ({ shared: page }) => {
    const searchPage = content.pages.find((p) => p.blocks.some((b) => b.kind === 'search'))!
    await page.goto(routeHref(searchPage.route))
    const names = await page
      .getByRole('search')
      .evaluateAll((forms) => forms.map((f) => f.getAttribute('aria-label')))
    expect(names).toHaveLength(2)
    expect(new Set(names).size).toBe(2)
    for (const name of names) expect(name?.trim()).toBeTruthy()
  }
)

onWorkerPage(
  'links that open a new tab say so in words that read naturally',
  async ({ shared: page }) => {
    const pages = content.pages.filter((p) =>
      p.blocks.some(
        (b) => b.kind === 'form' || (b.kind === 'tiles' && b.tiles.some((t) => t.newTab))
      )
    )
    for (const p of pages) {
      await page.goto(routeHref(p.route))
      for (const link of await page.locator('main a[target="_blank"]').all()) {
        const name = await link.evaluate((el) => el.textContent!.replace(/\s+/g, ' ').trim())
        expect(name, p.route).toMatch(/[^\s(] \(opens in a new tab\)$/)
      }
    }
  }
)
