import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './served.ts'
import { exportedRoutes } from './site.ts'

// HTML_CodeSniffer, the engine of the accessibility audit, with its WCAG2AA
// standard over every route of the sitemap (and the not-found page), at a
// desktop and a phone width, so that the next audit starts from the same
// engine. Only its errors fail a test; its warnings and notices ask a person
// to look, which no test can do.
const routes = [...exportedRoutes(), '/404.html']

const HTMLCS_SOURCE = readFileSync(
  createRequire(join(process.cwd(), 'package.json')).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8'
)

/**
 * The errors HTML_CodeSniffer reports wrongly on this site, each with why in
 * plain words. A message is let through only when its code is exactly this
 * one and its element is, or is inside, an element that matches `within`;
 * the same code anywhere else still fails.
 */
const FALSE_POSITIVES: { code: string; within: string; why: string }[] = [
  {
    code: 'WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.Fail',
    within: 'video',
    why:
      'The text inside <video> ("Your browser cannot play this video here" and its ' +
      'download link) is fallback content, shown only by a browser that cannot play ' +
      'video; Chromium never draws it. HTML_CodeSniffer measures its contrast against ' +
      "the player's dark background as if it were on screen.",
  },
]

type Found = { code: string; message: string; element: string }

/**
 * HTML_CodeSniffer's WCAG2AA errors on the page as it is now, less the false
 * positives above. The engine is evaluated in the page through Playwright's
 * DevTools connection, as axe is in pages.spec.ts: that runs outside the
 * page's Content-Security-Policy (its script-src allows only the hashes of
 * the site's own scripts), so the policy served is the real one and the
 * guard still fails a test on any violation. A script tag added to the page
 * would be refused by that policy, and bypassCSP would switch it off.
 */
async function htmlcsErrors(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await page.evaluate(HTMLCS_SOURCE)
  return page.evaluate(
    (allowed) =>
      new Promise<Found[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document }
        const { HTMLCS } = window as unknown as {
          HTMLCS: {
            process(
              standard: string,
              content: Document,
              done: () => void,
              failed: () => void,
              language: string
            ): void
            getMessages(): Message[]
          }
        }
        const describe = (element: Element | Document) => {
          if (!('outerHTML' in element)) return '(the document)'
          const html = element.outerHTML
          const start = html.slice(0, html.indexOf('>') + 1)
          return start.length > 160 ? `${start.slice(0, 160)}...` : start
        }
        HTMLCS.process(
          'WCAG2AA',
          document,
          () => {
            const errors = HTMLCS.getMessages().filter((m) => m.type === 1)
            const left = errors.filter(
              ({ code, element }) =>
                !allowed.some(
                  (fp) =>
                    fp.code === code && 'closest' in element && element.closest(fp.within) !== null
                )
            )
            resolve(
              left.map((m) => ({ code: m.code, message: m.msg, element: describe(m.element) }))
            )
          },
          () => reject(new Error('HTML_CodeSniffer could not load its WCAG2AA standard')),
          'en'
        )
      }),
    FALSE_POSITIVES
  )
}

test('the sitemap lists the routes to check', () => {
  expect(routes.length).toBeGreaterThan(1)
})

test('the check finds errors, and lets the false positives through only where they are', async ({
  page,
}) => {
  await page.goto(routes[0]!)
  // A nameless button, and the same dark-on-dark text twice: inside a
  // <video>, where it is fallback content, and in a plain box, where it
  // would be on screen.
  await page.locator('main').evaluate((main) => {
    main.append(document.createElement('button'))
    for (const tag of ['video', 'div']) {
      const box = document.createElement(tag)
      box.className = 'bg-ink'
      box.dataset.test = tag
      box.append('Dark text on a dark background ')
      box.append(Object.assign(document.createElement('a'), { href: '/', textContent: 'a link' }))
      main.append(box)
    }
  })
  const found = (await htmlcsErrors(page)).map(({ code, element }) => `${code} ${element}`)
  expect(found).toContainEqual(expect.stringMatching(/\.H91\.Button\.Name <button>$/))
  expect(found).toContainEqual(expect.stringMatching(/\.G18\.Fail <div class="bg-ink"/))
  expect(found).not.toContainEqual(expect.stringMatching(/<video class="bg-ink"/))
})

for (const route of routes) {
  test(`${route}: no HTML_CodeSniffer WCAG2AA errors at 1280 and 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const response = await page.goto(route)
    expect(response?.status()).toBe(200)
    expect(await htmlcsErrors(page), '1280 px').toEqual([])
    await page.setViewportSize({ width: 375, height: 900 })
    expect(await htmlcsErrors(page), '375 px').toEqual([])
  })
}
