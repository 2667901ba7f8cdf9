import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { styleHashesIn } from '#tools/export/inline-css.ts'
import { siteContent } from '#lib/content/disk.ts'
import { pageCsp } from '#lib/headers/policies.ts'
import { MAX_TITLE } from '#lib/metadata.ts'
import {
  scriptsFor,
  BROWSER_SCRIPT_SOURCES,
  BROWSER_SCRIPTS,
} from '#lib/browser-scripts/catalog.ts'
import {
  exportedPages,
  exportFiles,
  OUT,
  requireExport,
  routeOf,
  weightOf,
  type ExportedPage,
} from '../helpers/export.ts'

// Deterministic checks over the built export: every page is plain HTML and
// CSS with at most the site's own small script, within its byte budget.
const BUDGET_TOTAL = 40 * 1024
const BUDGET_JS = 4 * 1024

let pages: ExportedPage[]
beforeAll(() => {
  requireExport()
  pages = exportedPages()
})

describe('the export', () => {
  it('has pages', () => {
    expect(pages.length).toBeGreaterThan(1)
  })

  it('holds no framework JavaScript and no RSC payload files', () => {
    const files = exportFiles()
    expect(files.filter((f) => f.startsWith('_next/') && /\.js$/.test(f))).toEqual([])
    expect(files.filter((f) => /(^|\/)(index|__next\..*)\.txt$/.test(f))).toEqual([])
    expect(files).toContain('robots.txt')
    expect(files).toContain('sitemap.xml')
    expect(files).toContain('404.html')
  })

  it('loads no /_next/ JavaScript and has no inline script on any page', () => {
    for (const page of pages) {
      const scripts = [...page.document.querySelectorAll('script')]
      const foreign = scripts.filter(
        (s) => !BROWSER_SCRIPT_SOURCES.includes(s.getAttribute('src') ?? '') || s.textContent !== ''
      )
      expect(
        foreign.map((s) => s.outerHTML.slice(0, 80)),
        page.path
      ).toEqual([])
      expect(page.html, page.path).not.toMatch(/\/_next\/[^"'\s]*\.js/)
      expect(
        page.document.querySelectorAll('link[as="script"], link[rel="modulepreload"]').length,
        page.path
      ).toBe(0)
    }
  })

  it('gives every page exactly the shared browser scripts it needs, and the script files exist', () => {
    const content = siteContent()
    for (const page of pages) {
      const route = routeOf(page)
      const blocks = route === null ? [] : content.byRoute.get(route)!.blocks
      const expected = scriptsFor(blocks).map((name) => BROWSER_SCRIPTS[name].src)
      const loaded = [...page.document.querySelectorAll('script')].map((s) => s.getAttribute('src'))
      expect(loaded, page.path).toEqual(expected)
    }
    const files = exportFiles()
    for (const src of BROWSER_SCRIPT_SOURCES) expect(files).toContain(src.slice(1))
  })

  it('gives every page its own narrower policy, and WebAssembly only to the search page', () => {
    const content = siteContent()
    for (const page of pages) {
      const route = routeOf(page)
      const blocks = route === null ? [] : content.byRoute.get(route)!.blocks
      const metas = page.document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')
      expect(metas.length, page.path).toBe(1)
      const policy = metas[0]!.getAttribute('content')!
      expect(policy, page.path).toBe(pageCsp(blocks))
      expect(policy.includes('wasm-unsafe-eval'), page.path).toBe(
        blocks.some((b) => b.kind === 'search')
      )
    }
  })

  it('keeps every page within 40 KB gzip in all, and 4 KB of JavaScript', () => {
    for (const page of pages) {
      const weight = weightOf(page)
      expect(weight.total, `${page.path} ${JSON.stringify(weight)}`).toBeLessThanOrEqual(
        BUDGET_TOTAL
      )
      expect(weight.js, page.path).toBeLessThanOrEqual(BUDGET_JS)
      // The weight sees every script the page loads (it once read none, as
      // the export had put `integrity` before `src`).
      const ownScripts = page.document.querySelectorAll('script[src^="/"]').length
      expect(weight.js > 0, page.path).toBe(ownScripts > 0)
    }
  })
})

describe('every page', () => {
  it('has one h1, inside main, and a header, main and footer', () => {
    for (const page of pages) {
      const { document } = page
      expect(document.querySelectorAll('h1').length, page.path).toBe(1)
      expect(document.querySelector('main h1'), page.path).not.toBeNull()
      expect(document.querySelectorAll('body > header').length, page.path).toBe(1)
      expect(document.querySelectorAll('body > main').length, page.path).toBe(1)
      expect(document.querySelectorAll('body > footer').length, page.path).toBe(1)
    }
  })

  it('links the accessibility statement and the contact details from its footer', () => {
    for (const { document, path } of pages) {
      const footer = document.querySelector('body > footer')!
      expect(footer.querySelector('a[href="/accessibility/"]'), path).not.toBeNull()
      expect(footer.querySelector('a[href^="tel:"]'), path).not.toBeNull()
      expect(footer.querySelector('a[href^="mailto:"]'), path).not.toBeNull()
    }
  })

  it('starts with a skip link to the main content', () => {
    for (const { document, path } of pages) {
      const first = document.querySelector('body a')
      expect(first?.getAttribute('href'), path).toBe('#main-content')
      expect(document.getElementById('main-content')?.tagName, path).toBe('MAIN')
    }
  })

  it('has a language, a title and a description', () => {
    const titles = new Set<string>()
    for (const { document, path } of pages) {
      expect(document.documentElement.lang, path).toBe('en')
      const title = document.title
      expect(title.length, path).toBeGreaterThan(5)
      titles.add(title)
      if (path !== '/404.html') {
        expect(
          document.querySelector('meta[name="description"]')?.getAttribute('content')?.length ?? 0,
          path
        ).toBeGreaterThanOrEqual(30)
      }
    }
    expect(titles.size).toBe(pages.length)
  })

  it('ends every browser tab title with the site name, within the length that fits', () => {
    const { site } = siteContent().registries
    for (const { document, path } of pages) {
      expect(document.title.endsWith(site.name), `${path}: ${document.title}`).toBe(true)
      expect(document.title.length, `${path}: ${document.title}`).toBeLessThanOrEqual(MAX_TITLE)
    }
  })

  it('titles every iframe, gives every image alt text, names every svg image', () => {
    for (const { document, path } of pages) {
      for (const frame of document.querySelectorAll('iframe'))
        expect(frame.getAttribute('title')?.trim(), path).toBeTruthy()
      for (const img of document.querySelectorAll('img'))
        expect(img.hasAttribute('alt'), path).toBe(true)
      for (const svg of document.querySelectorAll('svg')) {
        const hidden = svg.getAttribute('aria-hidden') === 'true'
        const named =
          svg.getAttribute('role') === 'img' &&
          (svg.getAttribute('aria-labelledby') || svg.querySelector('title'))
        expect(hidden || named, `${path}: ${svg.outerHTML.slice(0, 60)}`).toBeTruthy()
      }
    }
  })

  it('opens new tabs only with rel="noopener noreferrer" and says so', () => {
    for (const { document, path } of pages) {
      for (const link of document.querySelectorAll('a[target]')) {
        expect(link.getAttribute('target'), path).toBe('_blank')
        expect(link.getAttribute('rel')?.split(/\s+/).sort(), path).toEqual([
          'noopener',
          'noreferrer',
        ])
        expect(link.textContent, path).toMatch(/opens in a new tab/)
      }
    }
  })
})

describe('the stylesheet', () => {
  it('is inside every page, allowed by its hash in the headers, with no stylesheet request', () => {
    const headers = readFileSync(join(OUT, '_headers'), 'utf8')
    for (const page of pages) {
      expect(page.document.querySelectorAll('link[rel="stylesheet"]').length, page.path).toBe(0)
      const hashes = styleHashesIn(page.html)
      expect(hashes.length, page.path).toBe(1)
      expect(headers, page.path).toContain(`style-src 'self' '${hashes[0]}'`)
    }
    expect(headers).not.toContain('unsafe-inline')
  })
})
