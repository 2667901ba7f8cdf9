import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  checkPlainHtml,
  isBrowserScript,
  stripHtml,
  stripRuntime,
} from '#tools/export/strip-runtime.ts'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'

// The fixture is a trimmed copy of a page exported by Next 16, with its
// runtime files and payloads. The copy adds the home page, 404.html and the
// not-found folder Next writes, as copies of that page.
const FIXTURE = join(process.cwd(), 'tests', 'fixtures', 'next-export')

function exportCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'out-'))
  cpSync(FIXTURE, dir, { recursive: true })
  const page = join(dir, 'contact', 'index.html')
  mkdirSync(join(dir, '_not-found'))
  for (const copy of ['index.html', '404.html', '_not-found/index.html'])
    cpSync(page, join(dir, copy))
  return dir
}

describe('stripHtml', () => {
  const page = readFileSync(join(FIXTURE, 'contact', 'index.html'), 'utf8')

  it('removes framework scripts, inline data and script preloads', () => {
    const { html, scriptsRemoved, preloadsRemoved } = stripHtml(page)
    expect(scriptsRemoved).toBe(6)
    expect(preloadsRemoved).toBe(1)
    expect(html).not.toMatch(/_next\/static\/chunks\/[^"]+\.js/)
    expect(html).not.toContain('__next_f')
    expect(html).not.toContain('<div hidden="">')
  })

  it('keeps the stylesheet, the content and the shared browser script', () => {
    const { html } = stripHtml(page)
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/33f5nwds8kdte.css"')
    expect(html).toContain('<h1 id="top">Contact us</h1>')
    expect(html).toContain('<script src="/site.js" defer=""></script>')
    expect(checkPlainHtml(html)).toBeNull()
  })

  it('fails loudly when there is nothing to strip (the export changed shape)', () => {
    expect(() => stripHtml('<!DOCTYPE html><html><body><p>Hi</p></body></html>', 'x.html')).toThrow(
      /x\.html has no Next\.js scripts to remove/
    )
  })

  it('fails loudly when framework code would be left', () => {
    // An unclosed script tag is not matched by the pattern, so it survives.
    expect(() =>
      stripHtml(page.replace('</body>', '<script src="/_next/a.js"></body>'), 'y.html')
    ).toThrow(/y\.html still has an unclosed <script> tag/)
    expect(() =>
      stripHtml(
        page.replace('</main>', '<a href="/_next/static/chunks/x.js">x</a></main>'),
        'z.html'
      )
    ).toThrow(/z\.html still refers to \/_next\/ JavaScript/)
  })

  it('keeps every browser script however its tag is spelled', () => {
    for (const { src } of Object.values(BROWSER_SCRIPTS)) {
      for (const tag of [
        `<script src="${src}" defer=""></script>`,
        `<script src="${src}" defer></script>`,
        `<script defer src='${src}'></script>`,
        `<SCRIPT src=${src}></SCRIPT>`,
      ])
        expect(isBrowserScript(tag), tag).toBe(true)
    }
    const page = `<html><body><script src="/_next/a.js"></script><script defer src="${BROWSER_SCRIPTS.search.src}"></script></body></html>`
    expect(stripHtml(page).html).toContain(
      `<script defer src="${BROWSER_SCRIPTS.search.src}"></script>`
    )
  })

  it('treats a look-alike of the shared browser script as foreign', () => {
    for (const tag of [
      '<script src="/site.js" onload="steal()"></script>',
      '<script src="/site.js" defer="" "junk"></script>',
      '<script src="/site.jsx"></script>',
      '<script src="/site.js" type="module"></script>',
    ])
      expect(isBrowserScript(tag), tag).toBe(false)
    expect(checkPlainHtml('<script src="/site.js" defer="">alert(1)</script>')).toMatch(
      /has a script/
    )
    expect(checkPlainHtml('<script src="https://cdn.example/x.js"></script>')).toMatch(
      /has a script/
    )
    expect(checkPlainHtml('<p>self.__next_f.push</p>')).toMatch(/page data/)
  })
})

describe('stripRuntime', () => {
  it('makes every page plain HTML and deletes JS and payload files, keeping CSS and robots.txt', () => {
    const out = exportCopy()
    const report = stripRuntime(out)
    expect(report.pages).toBe(3)
    expect(existsSync(join(out, '_next/static/chunks/0j1we3cwg31qe.js'))).toBe(false)
    expect(existsSync(join(out, '_next/static/BUILDID'))).toBe(false)
    expect(existsSync(join(out, 'contact/index.txt'))).toBe(false)
    expect(existsSync(join(out, 'contact/__next.$d$slug.__PAGE__.txt'))).toBe(false)
    expect(existsSync(join(out, '__next._tree.txt'))).toBe(false)
    expect(existsSync(join(out, '_not-found'))).toBe(false)
    expect(existsSync(join(out, '_next/static/chunks/33f5nwds8kdte.css'))).toBe(true)
    expect(existsSync(join(out, 'robots.txt'))).toBe(true)
    expect(checkPlainHtml(readFileSync(join(out, 'contact/index.html'), 'utf8'))).toBeNull()
  })

  it('refuses to run twice on the same export (nothing left to strip)', () => {
    const out = exportCopy()
    stripRuntime(out)
    expect(() => stripRuntime(out)).toThrow(/no Next\.js scripts to remove/)
  })

  it('refuses an export without pages', () => {
    const out = mkdtempSync(join(tmpdir(), 'empty-'))
    writeFileSync(join(out, 'robots.txt'), '')
    expect(() => stripRuntime(out)).toThrow(/no HTML pages/)
  })
})
