import { readdirSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import { headersForPath } from '#lib/headers/rules.ts'
import { watchPage } from './guarded-test.ts'
import { expect, unguarded as test } from './served.ts'
import { anyInnerPage, content, exportedRoutes, pageWith, siteHeaderRules } from './site.ts'

const rules = siteHeaderRules()

/**
 * Cache-Control where out/_headers sets none: what Cloudflare sends by
 * itself. A page may be kept, but the browser asks the host on every visit
 * whether it changed (ETag), so a rebuilt page or an alert that has ended
 * shows at once. A not-found answer is never kept, so a page added later
 * shows at once too.
 */
const HOST_CACHE = { page: 'public, max-age=0, must-revalidate', notFound: 'no-store' }

// The pages are served with the production headers (the export's own
// _headers file, applied by Cloudflare's runtime), and the suite's guard
// (tests/e2e/guarded-test.ts) notices a script that is not the site's own.

test('every page is served with the production security headers', async ({ request }) => {
  const missing = '/no-such-page/'
  for (const route of [...exportedRoutes(), missing]) {
    const response = await request.get(route)
    expect(response.status(), route).toBe(route === missing ? 404 : 200)
    const headers = response.headers()
    const ruled = headersForPath(rules, route)
    for (const [name, value] of Object.entries(ruled))
      expect(headers[name.toLowerCase()], `${route} ${name}`).toBe(value)
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, route).toContain("default-src 'self'")
    // Scripts by hash; the search page also lets its index reader load (headerRules).
    expect(csp, route).toMatch(/script-src ('sha256-[^']+' )+'strict-dynamic'|script-src 'self'/)
    expect(csp, route).not.toMatch(/unsafe-inline|'unsafe-eval'/)
    expect(csp, route).toContain("frame-ancestors 'none'")
    expect(csp, route).toContain("object-src 'none'")
    expect(headers['strict-transport-security'], route).toMatch(/max-age=\d{7,}/)
    expect(headers['x-content-type-options'], route).toBe('nosniff')
    expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], route).toContain('camera=()')
    expect(headers['cache-control'], route).toBe(
      ruled['Cache-Control'] ?? (route === missing ? HOST_CACHE.notFound : HOST_CACHE.page)
    )
  }
})

test('hashed assets are cached for a year', async ({ request }) => {
  const root = join('out', '_next', 'static')
  const assets = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(root, name)).isFile())
    .map((name) => `/_next/static/${name.split(sep).join('/')}`)
  expect(assets.length).toBeGreaterThan(0)
  for (const asset of assets) {
    const response = await request.get(asset)
    expect(response.status(), asset).toBe(200)
    expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable')
  }
})

test('an inline script or a third-party script on a page is caught', async ({ page }) => {
  const problems = await watchPage(page)
  const target = anyInnerPage()
  await page.route(`**${target}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(
      '</body>',
      '<script>document.title = "injected"</script><script src="https://cdn.example.com/tracker.js"></script></body>'
    )
    await route.fulfill({ response, body })
  })
  await page.goto(target)
  await expect(page).not.toHaveTitle('injected')
  const { violations } = await problems()
  expect(violations).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^script-src-elem: inline/),
      expect.stringMatching(/^script-src-elem: https:\/\/cdn\.example\.com/),
    ])
  )
})

test('only the search page may compile WebAssembly, in the browser', async ({ page }) => {
  const compiles = () =>
    // The smallest valid WebAssembly module: the magic number and version 1.
    WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
      () => true,
      () => false
    )
  const search = pageWith('search')
  for (const p of content.pages.slice(0, 5).concat(search)) {
    await page.goto(p.route === '/' ? '/' : `${p.route}/`)
    expect(await page.evaluate(compiles), p.route).toBe(p === search)
  }
})
