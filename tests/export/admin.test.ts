import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PATH } from '@/lib/build/admin'
import { adminWeight } from '@/lib/build/admin-weight'
import { parseHeadersFile } from '@/lib/headers/cloudflare'
import { adminCsp } from '@/lib/headers/policies'
import { headersForPath } from '@/lib/headers/rules'
import { exportedPages, exportFiles, OUT, requireExport } from '../helpers/export'

// The site editor is built into the export at /admin/, apart from the public
// pages: its own policy, never indexed, nothing loaded from another site,
// and nothing of it loaded by any public page.

const ADMIN = ADMIN_PATH.slice(1)
let page: Document
let html: string
beforeAll(() => {
  requireExport()
  html = readFileSync(join(OUT, ADMIN, 'index.html'), 'utf8')
  page = new JSDOM(html).window.document
})

describe('the site editor in the export', () => {
  it('carries its own security policy, and asks not to be indexed', () => {
    const policies = page.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')
    expect(policies).toHaveLength(1)
    expect(policies[0]!.getAttribute('content')).toBe(adminCsp())
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow'
    )
    expect(page.querySelector('[data-pagefind-body]')).toBeNull()
  })

  it('loads only its own files: no inline script, nothing from another site', () => {
    const scripts = [...page.querySelectorAll('script')]
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script.getAttribute('src')).toMatch(/^\/admin\/assets\//)
    for (const element of page.querySelectorAll('[src], [href]')) {
      const address = element.getAttribute('src') ?? element.getAttribute('href')!
      expect(address, element.outerHTML).toMatch(/^\/(?!\/)/)
    }
    const files = readdirSync(join(OUT, ADMIN, 'assets'))
    for (const script of scripts)
      expect(files).toContain(script.getAttribute('src')!.split('/').at(-1))
  })

  it('is sent without the site policy on the reference host, and not indexed', () => {
    const rules = parseHeadersFile(readFileSync(join(OUT, '_headers'), 'utf8'))
    const headers = headersForPath(rules, ADMIN_PATH)
    expect(headers['Content-Security-Policy']).toBeUndefined()
    expect(headers['X-Robots-Tag']).toBe('noindex, nofollow')
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headersForPath(rules, '/')['Content-Security-Policy']).toContain("script-src 'self'")
  })

  it('is not in the sitemap, and no public file refers to it', () => {
    expect(readFileSync(join(OUT, 'sitemap.xml'), 'utf8')).not.toContain(ADMIN_PATH)
    const pages = exportedPages()
    expect(pages.length).toBeGreaterThan(1)
    for (const { path, html: text } of pages) expect(text.includes(ADMIN_PATH), path).toBe(false)
    const text = /\.(html|js|css|xml|json|txt|webmanifest)$/
    for (const file of exportFiles().filter((f) => !f.startsWith(ADMIN) && text.test(f)))
      expect(readFileSync(join(OUT, file), 'utf8').includes('/admin/assets'), file).toBe(false)
  })

  it('has a weight the benchmark reports', () => {
    const weight = adminWeight(OUT)
    expect(weight.js).toBeGreaterThan(100 * 1024)
    expect(weight.total).toBe(weight.html + weight.js + weight.css)
    expect(weight.allFiles).toBeGreaterThanOrEqual(weight.total)
  })
})
