import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { routeHref } from '#lib/routes.ts'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'
import { exportedPages, OUT, requireExport, type ExportedPage } from '../helpers/export.ts'
import { notFoundLinks } from '../helpers/not-found.ts'

const searchPage = siteContent().pages.find((p) => p.blocks.some((b) => b.kind === 'search'))!

// The search index is built into the export; every page has the header
// field; only the search page is marked to load nothing extra up front.
let pages: ExportedPage[]
beforeAll(() => {
  requireExport()
  pages = exportedPages()
})

describe('search in the export', () => {
  it('has a Pagefind index and no unused Pagefind interface files', () => {
    expect(existsSync(join(OUT, 'pagefind', 'pagefind.js'))).toBe(true)
    expect(existsSync(join(OUT, 'pagefind', 'pagefind-entry.json'))).toBe(true)
    expect(existsSync(join(OUT, 'pagefind', 'pagefind-ui.js'))).toBe(false)
  })

  it('indexes content pages, not the 404 or search pages', () => {
    for (const { path, document } of pages) {
      const indexed = document.querySelector('main')?.hasAttribute('data-pagefind-body')
      expect(indexed, path).toBe(path !== '/404.html' && path !== routeHref(searchPage.route))
    }
  })

  it('sends the not-found page to the search page for the list of every page', () => {
    // Next.js puts the not-found page into the data of every other page, so a
    // list of every page there would make each page's build grow with the site.
    const notFound = pages.find((p) => p.path === '/404.html')!
    expect(notFoundLinks(notFound.document)).toEqual(['/', routeHref(searchPage.route)])
  })

  it('puts a search field that submits to the search page on every page', () => {
    for (const { path, document } of pages) {
      const form = document.querySelector('header form[role="search"]')
      expect(form?.getAttribute('action'), path).toBe(routeHref(searchPage.route))
      expect(form?.getAttribute('aria-label'), path).toBe('Site search')
      expect(form?.getAttribute('method'), path).toBe('get')
      expect(form?.querySelector('input[name="q"]')?.id, path).toBe('site-search')
      expect(document.querySelector('label[for="site-search"]')?.textContent, path).toBe(
        'Search this site'
      )
    }
  })

  it('keeps Pagefind out of every page; only the search script loads it', () => {
    for (const { path, html } of pages) expect(html.includes('/pagefind/'), path).toBe(false)
    for (const [name, { src }] of Object.entries(BROWSER_SCRIPTS)) {
      const code = readFileSync(join(OUT, src), 'utf8')
      expect(code.includes('/pagefind/pagefind.js'), name).toBe(name === 'search')
    }
  })
})
