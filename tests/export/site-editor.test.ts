import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { JSDOM } from 'jsdom'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { CAPTIONS_PATH, SITE_EDITOR_PATH } from '#lib/routes.ts'
import { siteEditorWeight, siteEditorWeightLine } from '#tools/bench/weight.ts'
import { PreviewView } from '#site-editor/preview.tsx'
import { checkPreview } from '#site-editor/preview-content.ts'
import { readContentSource, siteContent } from '#lib/content/disk.ts'
import { parseHeadersFile } from '#lib/headers/cloudflare.ts'
import { CAPTIONS_CSP, siteEditorCsp, siteCsp } from '#lib/headers/policies.ts'
import { headersForPath, searchPageHref } from '#lib/headers/rules.ts'
import { FIXTURE } from '../helpers/content.ts'
import { exportedPages, exportFiles, exportHashes, OUT, requireExport } from '../helpers/export.ts'

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

const EDITOR_DIR = SITE_EDITOR_PATH.slice(1)
let page: Document
let html: string
beforeAll(() => {
  requireExport()
  html = readFileSync(join(OUT, EDITOR_DIR, 'index.html'), 'utf8')
  page = new JSDOM(html).window.document
})

describe('the site editor in the export', () => {
  it('carries its own security policy, and asks not to be indexed', () => {
    const policies = page.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')
    expect(policies).toHaveLength(1)
    // Its scripts are allowed by hash, like the pages' (and carry the same integrity).
    const { editorScriptHashes } = exportHashes()
    expect(policies[0]!.getAttribute('content')).toBe(
      siteEditorCsp({ scriptHashes: editorScriptHashes })
    )
    const integrity = [...page.querySelectorAll('script')].map((s) => s.getAttribute('integrity'))
    expect(integrity.sort()).toEqual(editorScriptHashes)
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
    const files = readdirSync(join(OUT, EDITOR_DIR, 'assets'))
    for (const script of scripts)
      expect(files).toContain(script.getAttribute('src')!.split('/').at(-1))
  })

  it('has no code, style or font from another site in any of its files', () => {
    const files = exportFiles().filter((f) => f.startsWith(EDITOR_DIR))
    expect(files.some((f) => f.endsWith('.js'))).toBe(true)
    // An outside address used as code, a stylesheet or a font: a file of that
    // kind, a dynamic import, a CSS import or url(), or a known code host.
    const outside = [
      /https?:\/\/[^\s"'`()<>]+\.(?:m?js|css|woff2?|ttf|otf|eot)(?:[?#][^\s"'`()<>]*)?(?=["'`()\s<>]|$)/g,
      /\bimport\(\s*["'`]https?:/g,
      /@import\s+(?:url\()?\s*["']?https?:/g,
      /url\(\s*["']?https?:/g,
      /\b(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\b/g,
    ]
    for (const file of files) {
      const text = readFileSync(join(OUT, file), 'utf8')
      for (const pattern of outside)
        expect(
          [...text.matchAll(pattern)].map((m) => m[0]),
          `${file}: ${pattern}`
        ).toEqual([])
    }
    // And the editor's own policy would refuse them: code, styles and fonts from the site only.
    const { editorScriptHashes } = exportHashes()
    const directive = (name: string) =>
      siteEditorCsp({ scriptHashes: editorScriptHashes })
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
    expect(directive('script-src')).toBe(
      `script-src ${editorScriptHashes.map((h) => `'${h}'`).join(' ')} 'strict-dynamic'`
    )
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive('font-src')).toBe("font-src 'self'")
  })

  it('is sent without the site policy on the reference host, and not indexed', () => {
    const rules = parseHeadersFile(readFileSync(join(OUT, '_headers'), 'utf8'))
    const headers = headersForPath(rules, SITE_EDITOR_PATH)
    expect(headers['Content-Security-Policy']).toBeUndefined()
    expect(headers['X-Robots-Tag']).toBe('noindex, nofollow')
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headersForPath(rules, '/')['Content-Security-Policy']).toContain("'strict-dynamic'")
  })

  it('leaves every other page and file of the export with the site policy, and indexable', () => {
    const rules = parseHeadersFile(readFileSync(join(OUT, '_headers'), 'utf8'))
    const hashes = exportHashes()
    const search = searchPageHref(siteContent())
    const policyOf = (path: string) =>
      path === search || path.startsWith('/pagefind/')
        ? siteCsp({ styleHashes: hashes.styleHashes, wasm: true })
        : path.startsWith(CAPTIONS_PATH)
          ? `${siteCsp(hashes)}, ${CAPTIONS_CSP}`
          : siteCsp(hashes)
    const others = exportFiles().filter((f) => !f.startsWith(EDITOR_DIR))
    const pages = exportedPages().map((p) => p.path)
    expect(pages.length).toBeGreaterThan(1)
    for (const path of [...pages, ...others.map((f) => `/${f}`)]) {
      const headers = headersForPath(rules, path)
      expect(headers['Content-Security-Policy'], path).toBe(policyOf(path))
      expect(headers['X-Robots-Tag'], path).toBeUndefined()
    }
  })

  it('is not in the search index', () => {
    const dir = join(OUT, 'pagefind', 'fragment')
    const fragments = readdirSync(dir).map((name) => gunzipSync(readFileSync(join(dir, name))))
    const urls = fragments.map((f) => /"url":"([^"]*)"/.exec(f.toString('utf8'))?.[1])
    // Every public page is there (the check can see pages), and the editor is not.
    expect(urls).toContain('/')
    expect(urls.filter((url) => url === undefined || url.startsWith(SITE_EDITOR_PATH))).toEqual([])
  })

  it('is not in the sitemap, and no public file refers to it', () => {
    expect(readFileSync(join(OUT, 'sitemap.xml'), 'utf8')).not.toContain(SITE_EDITOR_PATH)
    const pages = exportedPages()
    expect(pages.length).toBeGreaterThan(1)
    for (const { path, html: text } of pages)
      expect(text.includes(SITE_EDITOR_PATH), path).toBe(false)
    const text = /\.(html|js|css|xml|json|txt|webmanifest)$/
    for (const file of exportFiles().filter((f) => !f.startsWith(EDITOR_DIR) && text.test(f)))
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
    const weight = siteEditorWeight(OUT)
    expect(weight.js).toBeGreaterThan(100 * 1024)
    expect(weight.total).toBe(weight.html + weight.js + weight.css)
    expect(weight.allFiles).toBeGreaterThanOrEqual(weight.total)
    // The line `npm run bench` prints.
    const kb = (bytes: number) => (bytes / 1024).toFixed(1)
    expect(siteEditorWeightLine(weight)).toContain(`${kb(weight.total)} KB gzip when opened`)
    expect(siteEditorWeightLine(weight)).toContain(`JS ${kb(weight.js)}`)
  })
})
