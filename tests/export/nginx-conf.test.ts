import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { parseHeadersFile } from '#lib/headers/cloudflare.ts'
import { siteNginxConfig } from '#lib/headers/nginx.ts'
import { headersForPath, searchPageHref } from '#lib/headers/rules.ts'
import { localConfig, makeCertificate, nginxPrefix, nginxTest } from '#tests/helpers/nginx.ts'
import { exportHashes, OUT } from '../helpers/export.ts'

// The configuration the build wrote (build/nginx.conf, with the production
// paths and ports) on the nginx installed here. The only change is the
// certificate and key paths, because the server's own files are not on this
// machine; `nginx -t` binds no port and reads no page, so ports 443 and 80
// and the server's root stay as shipped.

const shipped = readFileSync(join(process.cwd(), 'build', 'nginx.conf'), 'utf8')

describe('build/nginx.conf', () => {
  it("is the configuration for the site's address", () => {
    expect(shipped).toBe(siteNginxConfig(siteContent(), exportHashes()))
  })

  it("allows 'wasm-unsafe-eval' where out/_headers does: the search page and Pagefind's files", () => {
    const rules = parseHeadersFile(readFileSync(join(OUT, '_headers'), 'utf8'))
    const search = searchPageHref(siteContent())!
    const locations: [path: string, location: string][] = [
      ['/', '/'],
      ['/fees/', '/'],
      [search, search],
      ['/404.html', '= /404.html'],
      ['/pagefind/pagefind.js', '/pagefind/'],
      ['/captions/fire-is-fast.vtt', '/captions/'],
    ]
    for (const [path, location] of locations) {
      const start = shipped.indexOf(`location ${location} {`)
      const block = shipped.slice(start, shipped.indexOf('\n    }', start))
      const wasm = path === search || path.startsWith('/pagefind/')
      const csp = headersForPath(rules, path)['Content-Security-Policy']!
      expect(csp.includes("'wasm-unsafe-eval'"), `${path} on Cloudflare`).toBe(wasm)
      expect(block.includes("'wasm-unsafe-eval'"), `${path} on nginx`).toBe(wasm)
    }
  })

  it('passes `nginx -t` with only its certificate paths changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-shipped-'))
    const local = localConfig(shipped, makeCertificate(dir))
    const changed = local.split('\n').filter((line, i) => line !== shipped.split('\n')[i])
    // The main server and the one that sends the www. spelling to it.
    expect(changed.map((line) => line.trim().split(' ')[0])).toEqual([
      'ssl_certificate',
      'ssl_certificate_key',
      'ssl_certificate',
      'ssl_certificate_key',
    ])
    const result = nginxTest(nginxPrefix(local, dir))
    rmSync(dir, { recursive: true, force: true })
    expect(result.output).toMatch(/test is successful/)
    expect(result.passed).toBe(true)
    expect(result.warnings).toEqual([])
  })
})
