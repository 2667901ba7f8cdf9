import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PATH } from '@/lib/routes'
import { adminWeight } from '@/lib/build/admin-weight'
import { checkPreview, PreviewView } from '@/lib/cms/preview'
import { readContentSource } from '@/lib/content/read-source'
import { parseHeadersFile } from '@/lib/headers/cloudflare'
import { adminCsp } from '@/lib/headers/policies'
import { headersForPath } from '@/lib/headers/rules'
import { FIXTURE } from '../helpers/content'
import { exportedPages, exportFiles, OUT, requireExport } from '../helpers/export'

const ALERT = {
  id: 'ban',
  level: 'urgent',
  start: '2030-03-01',
  end: '2030-03-31',
  message: 'A burn ban.',
}

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

  it('adds nothing to the pages’ stylesheet, and its preview uses only what is there', () => {
    const [stylesheet] = exportFiles().filter((f) => /^_next\/static\/.*\.css$/.test(f))
    const css = readFileSync(join(OUT, stylesheet!), 'utf8')
    // The preview's own elements: an error, a notice over a page, and the alerts.
    const source = readContentSource(FIXTURE)
    const views = [
      { target: { kind: 'page' }, data: { route: '/fees', body: '@document nope\n' } },
      {
        target: { kind: 'page' },
        data: { route: '/lonely', title: 'Lonely', section: 'about', body: 'Text.\n' },
      },
      { target: { kind: 'registry', name: 'alerts' }, data: { items: [ALERT] } },
    ] as const
    const classes = new Set<string>()
    for (const { target, data } of views) {
      const description = 'A page that only the editor preview in this test shows.'
      const result = checkPreview(source, target, { data: { description, ...data } })
      const html = renderToStaticMarkup(createElement(PreviewView, { result, target, title: 'x' }))
      for (const [, names] of html.matchAll(/class="([^"]*)"/g))
        for (const name of names!.split(' ')) classes.add(name)
    }
    expect([...classes]).toEqual(expect.arrayContaining(['list-disc', 'border-l-8', 'mb-6']))
    for (const name of classes)
      expect(css.includes(`.${name.replace(/[[\]/:.]/g, (c) => `\\${c}`)}`), name).toBe(true)
  })

  it('has a weight the benchmark reports', () => {
    const weight = adminWeight(OUT)
    expect(weight.js).toBeGreaterThan(100 * 1024)
    expect(weight.total).toBe(weight.html + weight.js + weight.css)
    expect(weight.allFiles).toBeGreaterThanOrEqual(weight.total)
  })
})
