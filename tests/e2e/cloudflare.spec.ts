import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SITE_EDITOR_RULE, headersForPath } from '#lib/headers/rules.ts'
import { CALENDAR_PATH, SITE_EDITOR_PATH } from '#lib/routes.ts'
import { expect, test } from './served.ts'
import { exportedRoutes, siteHeaderRules } from './site.ts'

// What the site counts on its host for, checked on Cloudflare's own runtime
// (the `cloudflare` project; `wrangler pages dev` applies out/_headers with
// Cloudflare's code): the redirect of /route to /route/, the not-found
// page, and the site editor's headers. Plain requests, no page loads.

const out = join(process.cwd(), 'out')
const rules = siteHeaderRules()
const notFoundPage = readFileSync(join(out, '404.html'), 'utf8')

/** The headers of the site's rules for a path, each as sent. */
function expectRuleHeaders(actual: Record<string, string>, path: string, label = path) {
  for (const [name, value] of Object.entries(headersForPath(rules, path)))
    expect(actual[name.toLowerCase()], `${label} ${name}`).toBe(value)
}

test('/route redirects to /route/ for good (308), with a relative address the Host header cannot change', async ({
  request,
}) => {
  const pages = exportedRoutes().filter((route) => route !== '/')
  expect(pages.length).toBeGreaterThan(10)
  for (const route of pages) {
    const bare = route.slice(0, -1)
    for (const host of [undefined, 'evil.example']) {
      const response = await request.get(`${bare}?from=test`, {
        maxRedirects: 0,
        headers: host ? { Host: host } : {},
      })
      const label = `${bare} (Host: ${host ?? 'localhost'})`
      expect(response.status(), label).toBe(308)
      expect(response.headers()['location'], label).toBe(`${route}?from=test`)
      expectRuleHeaders(response.headers(), bare, label)
    }
  }
})

test('a missing address gets the not-found page, status 404, with the site headers', async ({
  request,
}) => {
  for (const path of ['/no-such-page/', '/no-such-page', '/no-such-dir/page.html']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text(), path).toBe(notFoundPage)
    expectRuleHeaders(response.headers(), path)
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8')
  }
})

test("the site editor gets no site policy (its page carries the editor's own), noindex, and the other site headers", async ({
  request,
}) => {
  // The editor's policy is in its page (tests/export/site-editor.test.ts):
  // the site's header policy, which a browser would enforce as well, would block it.
  const editor = readFileSync(join(out, SITE_EDITOR_PATH, 'index.html'), 'utf8')
  const files = [...editor.matchAll(/(?:src|href)="(\/admin\/[^"]+)"/g)].map((m) => m[1]!)
  expect(files.length, 'the editor page loads its scripts').toBeGreaterThan(0)
  const site = headersForPath(rules, '/')
  for (const path of [SITE_EDITOR_PATH, ...files]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toBeUndefined()
    expect(headers['x-robots-tag'], path).toBe(SITE_EDITOR_RULE.set!['X-Robots-Tag'])
    // Framing stays refused: a <meta> policy cannot say frame-ancestors.
    expect(headers['x-frame-options'], path).toBe('DENY')
    for (const [name, value] of Object.entries(site))
      if (name !== 'Content-Security-Policy')
        expect(headers[name.toLowerCase()], `${path} ${name}`).toBe(value)
  }
})

test('the meetings calendar is served as text/calendar, as the build wrote it', async ({
  request,
}) => {
  const response = await request.get(CALENDAR_PATH)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await response.text()).toBe(readFileSync(join(out, CALENDAR_PATH), 'utf8'))
  expectRuleHeaders(response.headers(), CALENDAR_PATH)
})
