import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { YOUTUBE_EMBED_ORIGIN, youtubeEmbedUrl, youtubeId } from '#lib/providers.ts'
import { routeHref } from '#lib/routes.ts'
import { expect, onWorkerPage, test } from './served.ts'
import { content } from './site.ts'

// Pages with in-page links, videos and print layouts, chosen from the
// content: every expectation is read from the registries.

const pagesWith = (kind: string) =>
  content.pages.filter((p) => p.blocks.some((b) => b.kind === kind))
const exported = (route: string) =>
  readFileSync(join(process.cwd(), 'out', routeHref(route), 'index.html'), 'utf8')

const anchorPages = content.pages.filter((p) => /<main[\s\S]*href="#[^"]+"/.test(exported(p.route)))
for (const page of anchorPages) {
  onWorkerPage(
    `every in-page link on ${page.route} lands on an element that exists`,
    async ({ shared: browser }) => {
      await browser.setViewportSize({ width: 1280, height: 700 })
      await browser.goto(routeHref(page.route))
      const anchors = await browser
        .locator('main a[href^="#"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')!))
      for (const href of new Set(anchors)) {
        const target = browser.locator(`[id="${href.slice(1)}"]`)
        await expect(target, href).toHaveCount(1)
        await browser.locator(`main a[href="${href}"]`).first().click()
        await expect(target, href).toBeInViewport()
        expect(new URL(browser.url()).hash).toBe(href)
      }
    }
  )
}

const youtubeEmbed = (url: string) => youtubeEmbedUrl(youtubeId(url)!)

for (const page of pagesWith('video')) {
  test(`${page.route} shows the videos its content names, each at its registry size`, async ({
    page: browser,
  }) => {
    await browser.setViewportSize({ width: 1280, height: 800 })
    // Every request to YouTube's player host, which is unreachable here: the
    // request itself is what shows whether the page asked for it.
    const fromYouTube: string[] = []
    browser.on('request', (request) => {
      if (request.url().startsWith(YOUTUBE_EMBED_ORIGIN)) fromYouTube.push(request.url())
    })
    await browser.goto(routeHref(page.route))
    const videos = page.blocks.flatMap((b) => (b.kind === 'video' ? [b.video] : []))
    const figures = browser.locator('main figure:has(video, [data-video-poster])')
    await expect(figures).toHaveCount(videos.length)
    for (const [i, video] of videos.entries()) {
      const figure = figures.nth(i)
      await expect(figure.locator('figcaption')).toHaveText(video.title)
      const size = async (box: { width: number; height: number } | null) =>
        expect([Math.round(box!.width), Math.round(box!.height)], video.id).toEqual([
          video.width,
          video.height,
        ])
      if (video.provider === 'file') {
        const player = figure.locator('video')
        await expect(player).toHaveAccessibleName(video.title)
        await expect(player).toHaveAttribute('src', video.url)
        await size(await player.boundingBox())
        continue
      }
      // YouTube: a poster of the player's size; nothing asked of YouTube
      // until its button is pressed, then the player in its place, focused.
      const poster = figure.locator('[data-video-poster]')
      await size(await poster.boundingBox())
      expect(fromYouTube).toEqual([])
      await figure.getByRole('button', { name: `Play “${video.title}” from YouTube` }).click()
      const player = figure.locator('iframe')
      await expect(player).toBeFocused()
      await expect(player).toHaveAccessibleName(video.title)
      await expect(player).toHaveAttribute(
        'src',
        `${youtubeEmbed(video.url)}?autoplay=1&cc_load_policy=1`
      )
      await size(await player.boundingBox())
      await expect.poll(() => fromYouTube.length).toBeGreaterThan(0)
      fromYouTube.length = 0
    }
  })
}

const youtubePage = content.pages.find((p) =>
  p.blocks.some((b) => b.kind === 'video' && b.video.provider === 'youtube')
)
if (youtubePage) {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test(`${youtubePage.route} shows each YouTube player itself, with no poster`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(routeHref(youtubePage.route))
      const videos = youtubePage.blocks.flatMap((b) =>
        b.kind === 'video' && b.video.provider === 'youtube' ? [b.video] : []
      )
      await expect(page.locator('main [data-video-poster]').first()).toBeHidden()
      for (const video of videos) {
        const player = page.locator(
          `main iframe[src="${youtubeEmbed(video.url)}?cc_load_policy=1"]`
        )
        await expect(player).toHaveAccessibleName(video.title)
        const box = (await player.boundingBox())!
        expect([Math.round(box.width), Math.round(box.height)]).toEqual([video.width, video.height])
      }
    })
  })
}

onWorkerPage(
  'videos shrink to fit a phone and keep their proportions',
  async ({ shared: page }) => {
    const withFile = content.pages.find((p) =>
      p.blocks.some((b) => b.kind === 'video' && b.video.provider === 'file')
    )!
    const block = withFile.blocks.find((b) => b.kind === 'video' && b.video.provider === 'file')!
    const video = block.kind === 'video' ? block.video : undefined
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(routeHref(withFile.route))
    const box = (await page.locator(`main video[src="${video!.url}"]`).first().boundingBox())!
    expect(box.width).toBeLessThanOrEqual(375)
    expect(box.width / box.height).toBeCloseTo(video!.width / video!.height, 1)
  }
)

const printRoutes = [
  ...new Set(
    [
      pagesWith('video')[0],
      content.pages.find((p) => p.layout === 'checklist'),
      content.pages.find((p) =>
        /<main[\s\S]*prose-site[\s\S]*href="https:/.test(exported(p.route))
      ),
    ].flatMap((p) => (p ? [routeHref(p.route)] : []))
  ),
]
for (const route of printRoutes) {
  onWorkerPage(
    `${route} prints without navigation, header or footer, keeping the text`,
    async ({ shared: page }) => {
      await page.goto(route)
      await page.emulateMedia({ media: 'print' })
      await expect(page.locator('header.site-header')).toBeHidden()
      await expect(page.locator('footer.site-footer')).toBeHidden()
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeHidden()
      await expect(page.locator('main h1')).toBeVisible()
      await expect(page.locator('main .prose-site').first()).toBeVisible()
      for (const caption of await page.locator('main figcaption').all())
        await expect(caption).toBeVisible()
    }
  )
}

const externalLinkPages = content.pages
  .filter((p) => /<div class="prose-site"[^>]*>[\s\S]*?<a href="https:/.test(exported(p.route)))
  .slice(0, 1)
for (const { route } of externalLinkPages) {
  onWorkerPage(
    `printing ${route} writes out the address after an external link`,
    async ({ shared: page }) => {
      await page.goto(routeHref(route))
      await page.emulateMedia({ media: 'print' })
      const link = page.locator('main .prose-site a[href^="https://"]').first()
      const href = await link.getAttribute('href')
      const after = await link.evaluate((el) => getComputedStyle(el, '::after').content)
      expect(after).toBe(`" (${href})"`)
    }
  )
}

for (const { route } of content.pages.filter((p) => p.layout === 'checklist')) {
  onWorkerPage(
    `the checklist on ${route} draws a box to tick in front of each item`,
    async ({ shared: page }) => {
      await page.goto(routeHref(route))
      const item = page.locator('main .prose-site ul > li').first()
      const box = await item.evaluate((el) => {
        const style = getComputedStyle(el, '::before')
        return { width: style.width, border: style.borderTopWidth, content: style.content }
      })
      expect(box).toEqual({ width: '20px', border: '2px', content: '""' })
    }
  )
}
