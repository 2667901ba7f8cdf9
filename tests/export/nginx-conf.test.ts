import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { siteNginxConfig } from '#lib/headers/nginx.ts'
import { localConfig, makeCertificate, nginxPrefix, nginxTest } from '#tests/helpers/nginx.ts'
import { exportHashes } from '../helpers/export.ts'

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
