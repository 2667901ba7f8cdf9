import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gzipSize, pageWeight } from '#tools/bench/weight.ts'

const dir = mkdtempSync(join(tmpdir(), 'page-weight-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}

describe('pageWeight', () => {
  it("counts the site's own scripts and stylesheets whatever the order of their attributes", () => {
    const js = write('site.js', 'document.documentElement.classList.add("js");\n'.repeat(40))
    const css = write('site.css', 'body { margin: 0 }\n'.repeat(40))
    write(
      'page.html',
      '<!doctype html><html><head>' +
        '<link href="/site.css?v=1" rel="stylesheet">' +
        '<script integrity="sha256-x" src="/site.js" defer=""></script>' +
        // Not the site's own files: counted by nobody here.
        '<script src="https://example.org/other.js"></script><script>inline()</script>' +
        '<link rel="icon" href="/site.js">' +
        '</head><body></body></html>'
    )
    const weight = pageWeight(dir, 'page.html')
    expect(weight.js).toBe(gzipSize(js))
    expect(weight.css).toBe(gzipSize(css))
    expect(weight.total).toBe(weight.html + weight.js + weight.css)
  })

  it('gives 0 for a page that loads no file of its own', () => {
    write('plain.html', '<!doctype html><title>Plain</title><p>Text</p>')
    expect(pageWeight(dir, 'plain.html')).toMatchObject({ js: 0, css: 0 })
  })
})
