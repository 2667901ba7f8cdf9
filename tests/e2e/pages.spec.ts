import type { Locator, Page } from '@playwright/test'
import { expect, onWorkerPage, test, unguarded } from './served.ts'
import { routeHref } from '#lib/routes.ts'
import { axeViolations, htmlcsErrors, nameProblems } from './audits.ts'
import { exportedRoutes, navigationLinks, pageWith, videosOn } from './site.ts'

// Every built route, in real Chromium, from one page load: structure, axe-core and
// HTML_CodeSniffer at a desktop and a phone width, the names in Chromium's own accessibility tree,
// and reflow at 320 px with and without the WCAG 1.4.12 text spacing; then every route again with
// JavaScript off. A busy machine makes a route's test slow, never wrong: nothing here waits on time.
const routes = [...exportedRoutes(), '/404.html']

/** The text spacing of WCAG 1.4.12, as a user style sheet would apply it. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`

/**
 * Each video on the page has its title in its name (a file's player, or a
 * YouTube poster's play button), and a direct link to it.
 */
async function checkVideos(page: Page, route: string) {
  const figures = await page.locator('main figure:has(video, [data-video-poster])').all()
  expect(figures.length, `${route}: the videos its content places`).toBe(videosOn(route))
  for (const figure of figures) {
    const title = (await figure.locator('figcaption').innerText()).trim()
    const direct = figure.locator('a.print-url')
    await expect(direct, route).toContainText(title)
    const href = (await direct.getAttribute('href'))!
    const player = figure.locator('video')
    if ((await player.count()) > 0) {
      await expect(player, route).toHaveAccessibleName(title)
      expect(await player.getAttribute('src'), route).toBe(href)
      // Its controls come from the shared browser script once the page is drawn.
      await expect(player, route).toHaveJSProperty('controls', true)
      continue
    }
    const play = figure.locator('button[data-player-src]')
    await expect(play, route).toHaveAccessibleName(`Play “${title}” from YouTube`)
    const src = (await play.getAttribute('data-player-src'))!
    expect(new URL(src).pathname.endsWith(`/${new URL(href).searchParams.get('v')}`), route).toBe(
      true
    )
  }
}

/** The addresses of the links that are not shown, asked in one round trip. */
const hiddenLinks = (links: Locator) =>
  links.evaluateAll((all) =>
    all
      .filter(
        (link) =>
          !link.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ||
          link.getClientRects().length === 0
      )
      .map((link) => link.getAttribute('href'))
  )

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Every audit's findings on the page as it is now, at its current width. */
async function audit(page: Page) {
  return {
    axe: await axeViolations(page),
    htmlcs: (await htmlcsErrors(page)).map((e) => `${e.code} ${e.element}: ${e.message}`),
    names: await nameProblems(page),
  }
}
const NO_NAME_PROBLEMS = {
  'names without the space before their cue': [],
  'link names that lead to two or more addresses': [],
  'landmarks named by a number alone': [],
  'names that repeat their description': [],
}

test('the audits find what they look for, and let the false positives through only where they are', async ({
  page,
}) => {
  await page.goto(routes[0]!)
  await page.locator('main').evaluate((main) => {
    // A nameless button, and the same dark-on-dark text twice: inside a <video>, where it is
    // fallback content, and in a plain box, where it would be on screen.
    main.append(document.createElement('button'))
    for (const tag of ['video', 'div']) {
      const box = document.createElement(tag)
      box.className = 'bg-ink'
      box.append('Dark text on a dark background ')
      box.append(Object.assign(document.createElement('a'), { href: '/', textContent: 'a link' }))
      main.append(box)
    }
    // A cue without its space, one name for two addresses, a landmark named by a number, and an
    // image whose description repeats its name.
    main.insertAdjacentHTML(
      'beforeend',
      `<a href="/a.pdf">report(PDF)</a><a href="/one">Same name</a><a href="/two">Same name</a>
       <section aria-label="2026"><p>Year</p></section>
       <img src="/icon.svg" alt="A red truck" aria-describedby="d"><p id="d">A red truck</p>`
    )
  })
  const found = await audit(page)
  expect(found.axe).toContainEqual(expect.stringMatching(/^button-name:/))
  expect(found.htmlcs).toContainEqual(expect.stringMatching(/\.H91\.Button\.Name <button>/))
  expect(found.htmlcs).toContainEqual(expect.stringMatching(/\.G18\.Fail <div class="bg-ink"/))
  expect(found.htmlcs).not.toContainEqual(expect.stringMatching(/<video class="bg-ink"/))
  expect(found.names).toEqual({
    'names without the space before their cue': ['link "report(PDF)"'],
    'link names that lead to two or more addresses': ['Same name'],
    'landmarks named by a number alone': ['region "2026"'],
    'names that repeat their description': ['image "A red truck"'],
  })
})

for (const route of routes) {
  onWorkerPage(
    `${route}: one h1, landmarks, named videos, axe, HTML_CodeSniffer and the accessibility tree's names at 1280 and 375 px, reflow at 320 px`,
    async ({ shared: page }) => {
      await page.setViewportSize({ width: 1280, height: 900 })
      const response = await page.goto(route)
      expect(response?.status()).toBe(200)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('main h1')).toBeVisible()
      await expect(page.getByRole('banner')).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toHaveCount(1)
      await checkVideos(page, route)
      // The shared browser script gives each waiting form frame its address once the page is drawn.
      await expect(page.locator('iframe[data-src]:not([src])')).toHaveCount(0)
      const clean = { axe: [], htmlcs: [], names: NO_NAME_PROBLEMS }
      expect(await audit(page), '1280 px').toEqual(clean)
      expect(await sidewaysScroll(page), 'scrolls sideways at 1280 px').toBeLessThanOrEqual(0)

      await page.setViewportSize({ width: 375, height: 900 })
      expect(await audit(page), '375 px').toEqual(clean)
      expect(await sidewaysScroll(page), 'scrolls sideways at 375 px').toBeLessThanOrEqual(0)

      await page.setViewportSize({ width: 320, height: 900 })
      expect(await sidewaysScroll(page), 'scrolls sideways at 320 px').toBeLessThanOrEqual(0)
      // A constructed style sheet, as a user style would be: the page's policy
      // allows no inline style, and none is needed for this.
      await page.evaluate((css) => {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
      }, TEXT_SPACING)
      expect(
        await page.evaluate(() => getComputedStyle(document.body).letterSpacing),
        'the text spacing applies'
      ).not.toBe('normal')
      expect(
        await sidewaysScroll(page),
        'scrolls sideways at 320 px with text spacing'
      ).toBeLessThanOrEqual(0)
    }
  )
}

// The browser logs the 404 status as a console error, so this test runs
// without the console guard.
unguarded('a missing page answers 404 with the not-found page and a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page.locator('h1')).toHaveText('Page not found')
  await expect(page.locator('main').getByRole('link', { name: 'home page' })).toHaveAttribute(
    'href',
    '/'
  )
  // Search (and the list of every page) is on the search page, not repeated here.
  await page.locator('main').getByRole('link', { name: 'search the site' }).click()
  await expect(page).toHaveURL(routeHref(pageWith('search').route))
  await expect(page.locator('main h1')).toBeVisible()
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  // One page visits every route in turn (a new page per route starts a browser process, which
  // takes most of a second here); each route is a step of its own in the report.
  test('every page reads, and every navigation item is there', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    for (const route of routes)
      await test.step(route, async () => {
        await page.goto(route)
        await expect(page.locator('main h1')).toBeVisible()
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(40)
        // Frames load from <noscript>; the boxes waiting for the shared browser script are hidden.
        for (const frame of await page.locator('main iframe').all())
          expect(await frame.isVisible()).toBe((await frame.getAttribute('data-src')) === null)
        // So is a player waiting for its controls: the one in <noscript> has them.
        const players = page.locator('main video')
        await expect(players).toHaveCount(2 * videosOn(route, 'file'))
        await expect(players.filter({ visible: true })).toHaveCount(videosOn(route, 'file'))
        for (const player of await players.filter({ visible: true }).all())
          await expect(player).toHaveJSProperty('controls', true)
        // Every item is in the HTML.
        const hrefs = await page
          .locator('nav[aria-label="Main"] a')
          .evaluateAll((links) => links.map((l) => l.getAttribute('href')))
        expect(hrefs).toEqual(navigationLinks.map((link) => link.href))
      })
  })

  // One layout draws the menu on every page (its items, checked above on each): opened here once.
  test('the phone menu and each dropdown open natively', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(routes[0]!)
    const nav = page.locator('nav[aria-label="Main"]')
    await page.locator('details.site-menu > summary').click()
    await expect.poll(() => hiddenLinks(nav.locator(':scope > ul > li > a'))).toEqual([])
    for (const menu of await nav.locator('details.nav-dropdown').all()) {
      await menu.locator('summary').click()
      await expect.poll(() => hiddenLinks(menu.locator('a'))).toEqual([])
    }
  })
})
