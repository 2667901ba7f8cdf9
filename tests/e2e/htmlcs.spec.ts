import { expect, test } from './served.ts'
import { htmlcsErrors } from './audits.ts'
import { exportedRoutes } from './site.ts'

// HTML_CodeSniffer, the engine of the accessibility audit, with its WCAG2AA
// standard over every route of the sitemap (and the not-found page), at a
// desktop and a phone width, so that the next audit starts from the same
// engine. Only its errors fail a test; its warnings and notices ask a person
// to look, which no test can do.
const routes = [...exportedRoutes(), '/404.html']

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
