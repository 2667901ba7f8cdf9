import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportedPages, OUT, requireExport, type ExportedPage } from '../helpers/export'

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
      expect(indexed, path).toBe(path !== '/404.html' && path !== '/search/')
    }
  })

  it('puts a search field that submits to /search/ on every page', () => {
    for (const { path, document } of pages) {
      const form = document.querySelector('header form[role="search"]')
      expect(form?.getAttribute('action'), path).toBe('/search/')
      expect(form?.getAttribute('method'), path).toBe('get')
      expect(form?.querySelector('input[name="q"]')?.id, path).toBe('site-search')
      expect(document.querySelector('label[for="site-search"]')?.textContent, path).toBe(
        'Search this site'
      )
    }
  })

  it('keeps Pagefind out of every page but the script that loads it on /search/', () => {
    for (const { path, html } of pages) expect(html.includes('/pagefind/'), path).toBe(false)
    expect(readFileSync(join(OUT, 'site.js'), 'utf8')).toContain('/pagefind/pagefind.js')
  })
})
