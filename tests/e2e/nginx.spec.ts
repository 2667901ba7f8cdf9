import { readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import type { Response } from '@playwright/test'
import { siteEditorCsp } from '#lib/headers/policies.ts'
import { exportHashes } from '#tests/helpers/export.ts'
import { SITE_EDITOR_RULE, headersForPath, REVALIDATE } from '#lib/headers/rules.ts'
import { CALENDAR_PATH, SITE_EDITOR_PATH, FEED_PATH, routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { watchPage } from './guarded-test.ts'
import { expect, test, unguarded } from './served.ts'
import { content, exportedRoutes, pageWith, siteHeaderRules } from './site.ts'
import { filesIn } from '#tools/shared/files.ts'

// The site served by real nginx with the configuration the build wrote
// (build/nginx.conf; tests/e2e/served.ts starts it), in the `nginx`
// Playwright project only. Plain requests, but for WebAssembly, the not-found
// page and search: what a browser does with a page follows from its headers, and
// every page is loaded with these rules' headers on Cloudflare's runtime
// (pages.spec.ts).

const out = join(process.cwd(), 'out')
const routes = exportedRoutes()
const rules = siteHeaderRules()
const searchPage = pageWith('search')
const searchPath = routeHref(searchPage.route)
const notFoundPage = readFileSync(join(out, '404.html'), 'utf8')

/**
 * What nginx must send for a path: the headers of the site's rules (the same
 * rules out/_headers is written from; WebAssembly only on the search page and
 * Pagefind's files, as nginx has it), and Cache-Control: no-cache where the
 * rules set none, like the reference host's default.
 */
function expectedHeaders(path: string): Record<string, string> {
  const headers = headersForPath(rules, path)
  headers['Cache-Control'] ??= REVALIDATE
  return headers
}

/** Headers nginx sends by itself, whatever the configuration says. */
const NGINX_OWN = new Set([
  'server',
  'date',
  'content-type',
  'content-length',
  'last-modified',
  'etag',
  'vary',
  'content-encoding',
  'location',
  'accept-ranges',
  'connection',
  'keep-alive',
  'transfer-encoding',
])

function expectNginxHeaders(actual: Record<string, string>, path: string, label = path) {
  const expected = expectedHeaders(path)
  for (const [name, value] of Object.entries(expected))
    expect(actual[name.toLowerCase()], `${label} ${name}`).toBe(value)
  const named = new Set(Object.keys(expected).map((name) => name.toLowerCase()))
  const others = Object.keys(actual).filter((name) => !named.has(name) && !NGINX_OWN.has(name))
  expect(others, `${label}: headers no rule sets`).toEqual([])
  // server_tokens off: the name, no version.
  expect(actual['server'], `${label} Server`).toBe('nginx')
}

/** The smallest valid WebAssembly module: the magic number and version 1. */
const compiles = () =>
  WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
    () => true,
    () => false
  )

/** The files of out/, as paths on the site. */
const exportedFiles = () => filesIn(out).map((file) => `/${file}`)

test('every page and every file of the export: 200 and exactly the headers of the rules', async ({
  request,
}) => {
  // What the browser does with a page depends on its headers; pages.spec.ts loads every page with
  // these same rules' headers on Cloudflare's runtime, and the guard finds no report there.
  const hidden = (path: string) =>
    path === '/_headers' || path.split('/').some((p) => p.startsWith('.'))
  // Pages by their addresses (the routes); the not-found page and the site editor's files have
  // tests of their own below.
  const files = exportedFiles().filter(
    (path) => !hidden(path) && !path.endsWith('.html') && !path.startsWith(SITE_EDITOR_PATH)
  )
  expect(files).toContain('/site.js')
  for (const path of [...routes, ...files]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expectNginxHeaders(response.headers(), path)
  }
})

unguarded(
  'WebAssembly compiles on the search page only; elsewhere it is refused and reported, and nothing else',
  async ({ context }) => {
    for (const route of [searchPath, routes.find((r) => r !== searchPath)!]) {
      const page = await context.newPage()
      const problems = await watchPage(page)
      const response = await page.goto(route, { waitUntil: 'load' })
      expect(response?.status(), route).toBe(200)
      expect((await problems()).violations, `${route}: policy violations`).toEqual([])
      const search = route === searchPath
      expect(await page.evaluate(compiles), `${route} may compile WebAssembly`).toBe(search)
      const after = await problems()
      expect(new Set(after.violations)).toEqual(new Set(search ? [] : ['script-src: wasm-eval']))
      expect(after.consoleErrors, 'console errors').toEqual([])
    }
  }
)

test('/route redirects to /route/ with a relative address the Host header cannot change', async ({
  request,
}) => {
  const pages = routes.filter((route) => route !== '/')
  expect(pages.length).toBeGreaterThan(10)
  for (const route of pages) {
    const bare = route.slice(0, -1)
    for (const host of [undefined, 'evil.example']) {
      const response = await request.get(`${bare}?from=test`, {
        maxRedirects: 0,
        headers: host ? { Host: host } : {},
      })
      const label = `${bare} (Host: ${host ?? 'localhost'})`
      expect(response.status(), label).toBe(301)
      expect(response.headers()['location'], label).toBe(`${route}?from=test`)
      expectNginxHeaders(response.headers(), bare, label)
    }
  }
})

unguarded(
  'a missing page gets the not-found page, status 404 and every header',
  async ({ page }) => {
    const problems = await watchPage(page)
    const response = await page.goto('/no-such-page/')
    expect(response?.status()).toBe(404)
    expect(await response!.text()).toBe(notFoundPage)
    expectNginxHeaders(await response!.allHeaders(), '/404.html')
    const { violations, consoleErrors } = await problems()
    expect(violations, 'Content-Security-Policy violations').toEqual([])
    // The browser reports the 404 status itself; nothing else may be logged.
    expect(consoleErrors.filter((text) => !/status of 404/.test(text))).toEqual([])
  }
)

test('the header file for other hosts and hidden files answer 404', async ({ request }) => {
  expect(exportedFiles()).toContain('/_headers')
  for (const path of ['/_headers', '/.hidden', '/.git/config', `${searchPath}.hidden`]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text(), path).toBe(notFoundPage)
    expectNginxHeaders(response.headers(), '/404.html', path)
  }
})

test("the site editor and its files get the editor's policy instead of the site's, and noindex", async ({
  request,
}) => {
  const editor = readFileSync(join(out, SITE_EDITOR_PATH, 'index.html'), 'utf8')
  const files = [...editor.matchAll(/(?:src|href)="(\/admin\/[^"]+)"/g)].map((m) => m[1]!)
  expect(files.length, 'the editor page loads its scripts').toBeGreaterThan(0)
  const site = headersForPath(rules, '/')
  for (const path of [SITE_EDITOR_PATH, ...files]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toBe(
      siteEditorCsp({ header: true, scriptHashes: exportHashes().editorScriptHashes })
    )
    expect(headers['x-robots-tag'], path).toBe(SITE_EDITOR_RULE.set!['X-Robots-Tag'])
    for (const [name, value] of Object.entries(site))
      if (name !== 'Content-Security-Policy')
        expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value)
  }
})

test('plain HTTP redirects to the canonical HTTPS address, whatever the Host', async ({
  request,
  nginx,
}) => {
  const canonical = new URL(SITE_URL)
  for (const path of ['/', `${routes.find((r) => r !== '/')}?q=1`, '/no-such-page']) {
    for (const host of ['localhost', 'evil.example', `www.${canonical.hostname}`]) {
      const response = await request.get(`${nginx!.http}${path}`, {
        maxRedirects: 0,
        headers: { Host: host },
      })
      expect(response.status(), `${path} (Host: ${host})`).toBe(301)
      expect(response.headers()['location'], `${path} (Host: ${host})`).toBe(
        `https://${canonical.hostname}${path}`
      )
      expect(response.headers()['server']).toBe('nginx')
    }
  }
})

test('HTML, CSS, JavaScript, XML and JSON are compressed, with Vary: Accept-Encoding', async ({
  request,
}) => {
  const files = exportedFiles()
  const paths = [
    '/',
    routes.find((r) => r !== '/')!,
    files.find((f) => extname(f) === '.css')!,
    '/site.js',
    '/sitemap.xml',
    FEED_PATH,
    files.find((f) => extname(f) === '.json')!,
  ]
  expect(paths.every(Boolean), paths.join(', ')).toBe(true)
  for (const path of paths) {
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-encoding'], path).toBe('gzip')
    expect(response.headers()['vary'], path).toBe('Accept-Encoding')
    expectNginxHeaders(response.headers(), path)
  }
})

test('search works: a page title typed on the search page finds the page', async ({
  page,
  baseURL,
}) => {
  const target = content.pages.find((p) => p !== searchPage && p.section === 'safety')!
  const pagefind: Response[] = []
  page.on('response', (response) => {
    if (response.url().startsWith(`${baseURL}/pagefind/`)) pagefind.push(response)
  })
  await page.goto(searchPath)
  await page.locator('#search-page-query').fill(target.title)
  await expect(
    page.locator(`[data-search-results] a[href="${routeHref(target.route)}"]`)
  ).toBeVisible()
  expect(pagefind.length).toBeGreaterThan(2)
  for (const response of pagefind) {
    const path = new URL(response.url()).pathname
    expect(response.status(), path).toBe(200)
    expectNginxHeaders(await response.allHeaders(), path)
  }
})

test('the meetings calendar is served as text/calendar, as the build wrote it', async ({
  request,
}) => {
  const response = await request.get(CALENDAR_PATH)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await response.text()).toBe(readFileSync(join(out, CALENDAR_PATH), 'utf8'))
  expectNginxHeaders(response.headers(), CALENDAR_PATH)
})
