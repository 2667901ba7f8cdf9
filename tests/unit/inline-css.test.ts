import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineStylesheets, styleHashesIn } from '#tools/export/inline-css.ts'
import { sha256Source } from '#tools/shared/files.ts'

// The stylesheet goes into each page, allowed by its hash, never by
// 'unsafe-inline'.
function exportWith(css: string) {
  const dir = mkdtempSync(join(tmpdir(), 'inline-'))
  mkdirSync(join(dir, '_next', 'static', 'chunks'), { recursive: true })
  writeFileSync(join(dir, '_next', 'static', 'chunks', 'a.css'), css)
  const page =
    '<html><head><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/></head><body>x</body></html>'
  writeFileSync(join(dir, 'index.html'), page)
  mkdirSync(join(dir, 'fees'))
  writeFileSync(join(dir, 'fees', 'index.html'), page)
  return dir
}

describe('inlining the stylesheet', () => {
  it('puts the CSS in every page and returns its hash for the policy and its address', () => {
    const dir = exportWith('body{color:red}')
    const result = inlineStylesheets(dir)
    expect(result).toEqual({
      pages: 2,
      hashes: [sha256Source('body{color:red}')],
      stylesheets: ['/_next/static/chunks/a.css'],
    })
    const html = readFileSync(join(dir, 'fees', 'index.html'), 'utf8')
    expect(html).toBe('<html><head><style>body{color:red}</style></head><body>x</body></html>')
    expect(styleHashesIn(html)).toEqual(result.hashes)
  })

  it('hashes as browsers do: sha256 of the exact text, base64', () => {
    // echo -n 'body{color:red}' | openssl dgst -sha256 -binary | base64
    expect(sha256Source('body{color:red}')).toBe(
      'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='
    )
  })

  it('refuses CSS that would end the style element', () => {
    expect(() => inlineStylesheets(exportWith('a{content:"</style>"}'))).toThrow(
      /cannot be inlined/
    )
  })
})
