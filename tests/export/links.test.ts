import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportedPages, fileFor, OUT, requireExport, type ExportedPage } from '../helpers/export.ts'

// Every internal link in the export resolves: to a page or file that exists,
// and to an element on that page when it has a #fragment.
let pages: ExportedPage[]
beforeAll(() => {
  requireExport()
  pages = exportedPages()
})

describe('internal links', () => {
  it('all resolve', () => {
    const dead: string[] = []
    for (const page of pages) {
      for (const el of page.document.querySelectorAll('a[href], link[href], script[src]')) {
        const href = el.getAttribute('href') ?? el.getAttribute('src')!
        if (/^(https:|mailto:|tel:)/.test(href) || href.startsWith('#')) continue
        if (!href.startsWith('/')) {
          dead.push(`${page.path} -> ${href} (not an absolute site path or https address)`)
          continue
        }
        if (!fileFor(href)) dead.push(`${page.path} -> ${href}`)
      }
    }
    expect(dead).toEqual([])
  })

  it('land on an element when they carry a #fragment', () => {
    const missing: string[] = []
    const ids = new Map<string, Set<string>>()
    const idsOf = (file: string) => {
      if (!ids.has(file)) {
        const doc = new JSDOM(readFileSync(file, 'utf8')).window.document
        ids.set(file, new Set([...doc.querySelectorAll('[id]')].map((e) => e.id)))
      }
      return ids.get(file)!
    }
    for (const page of pages) {
      for (const a of page.document.querySelectorAll('a[href*="#"]')) {
        const href = a.getAttribute('href')!
        if (href.startsWith('https:')) continue
        const [path, fragment] = href.split('#') as [string, string]
        const file = path ? fileFor(path) : join(OUT, page.file)
        if (!file) continue
        if (!idsOf(file).has(decodeURIComponent(fragment))) missing.push(`${page.path} -> ${href}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('use the exported address (with the trailing slash), so no host has to redirect', () => {
    for (const page of pages) {
      for (const a of page.document.querySelectorAll('a[href^="/"]')) {
        const path = a.getAttribute('href')!.split('#')[0]!
        expect(
          path === '/' || path.endsWith('/') || /\.[a-z0-9]+$/.test(path),
          `${page.path} -> ${path}`
        ).toBe(true)
      }
    }
  })

  it('list every page in the sitemap', () => {
    const sitemap = readFileSync(join(OUT, 'sitemap.xml'), 'utf8')
    const listed = [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1])
    const exported = pages.map((p) => p.path).filter((p) => p !== '/404.html')
    expect(listed.sort()).toEqual(exported.sort())
  })
})
