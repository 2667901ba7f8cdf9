import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { connect } from 'node:tls'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NGINX_MIN_VERSION, nginxConfig } from '#lib/headers/nginx.ts'
import {
  atLeast,
  makeCertificate,
  NGINX_MISSING,
  nginxPrefix,
  nginxProgram,
  nginxTest,
  startNginx,
  substitute,
  supportedNginx,
} from '#tests/helpers/nginx.ts'
import { freePort } from '#tests/helpers/ports.ts'

// The generated configuration on the nginx installed here (Debian 12's
// 1.22.1 on the build machine, 1.24 on GitHub's runners), with test values:
// a temporary root and prefix, a certificate made now, free high ports.
// nginx missing is a failure with the reason, never a skipped test. The
// file the build writes is checked the same way in
// tests/export/nginx-conf.test.ts.

const BASE_URL = 'https://bureau.example.org'

const made: string[] = []
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function testSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-unit-'))
  made.push(dir)
  const root = join(dir, 'site')
  mkdirSync(join(root, 'captions'), { recursive: true })
  mkdirSync(join(root, '_next', 'static', 'chunks'), { recursive: true })
  writeFileSync(join(root, '_next', 'static', 'chunks', 'a1b2.js'), `// ${'x'.repeat(2000)}`)
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Home</title><p>home page text')
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title><p>not found')
  writeFileSync(join(root, 'captions', 'talk.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n')
  // As if a page had slipped past the content check into the captions folder.
  writeFileSync(join(root, 'captions', 'pay.html'), '<script src="/captions/steal.js"></script>')
  // Files that exist and must not be served.
  mkdirSync(join(root, '.git'))
  writeFileSync(join(root, '.git', 'config'), '[core]\n')
  writeFileSync(join(root, '.env'), 'SECRET=1\n')
  writeFileSync(join(root, '_headers'), '/*\n  X-Test: 1\n')
  const certificate = makeCertificate(dir)
  const ports = { httpsPort: await freePort(), httpPort: await freePort() }
  const options = { baseUrl: BASE_URL, root, ...certificate, ...ports }
  return { dir, options, ports, ca: readFileSync(certificate.certificate) }
}

/** Raw bytes over TLS, as a broken or hostile client sends them; the answer's head. */
function raw(port: number, ca: Buffer, bytes: string, servername = 'localhost'): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = connect({ host: '127.0.0.1', port, ca, servername }, () => socket.end(bytes))
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0]!))
    socket.on('error', reject)
  })
}

/** A GET over HTTPS that trusts only the test certificate. */
function get(
  url: string,
  ca: Buffer,
  headers: Record<string, string> = {}
): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    request(url, { ca, headers }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers as Record<string, string>,
        })
      )
    })
      .on('error', reject)
      .end()
  })
}

describe('the generated nginx configuration on real nginx', () => {
  it(`runs on an nginx the site supports (${NGINX_MIN_VERSION} or later)`, () => {
    const { version } = supportedNginx()
    expect(atLeast(version, NGINX_MIN_VERSION)).toBe(true)
    expect(atLeast('1.22.1', '1.22')).toBe(true)
    expect(atLeast('1.9.5', '1.22')).toBe(false)
  })

  it('says how to install nginx where it is missing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-nginx-'))
    made.push(empty)
    expect(() => nginxProgram({ PATH: empty }, join(empty, 'nginx'))).toThrow(NGINX_MISSING)
    expect(() => nginxProgram({ NGINX_PATH: join(empty, 'nginx') })).toThrow(NGINX_MISSING)
    expect(NGINX_MISSING).toContain('apt-get install nginx')
  })

  it('passes `nginx -t` without a warning', async () => {
    const { dir, options } = await testSetup()
    const result = nginxTest(nginxPrefix(nginxConfig(options), dir))
    expect(result.output).toMatch(/test is successful/)
    expect(result.passed).toBe(true)
    expect(result.warnings).toEqual([])
  })

  it('the check fails on a configuration nginx refuses', async () => {
    const { dir, options } = await testSetup()
    const missing = nginxTest(
      nginxPrefix(nginxConfig({ ...options, certificate: join(dir, 'missing.crt') }), dir)
    )
    expect(missing.passed).toBe(false)
    expect(missing.output).toMatch(/missing\.crt/)

    // The spelling the issue reported: `http2 on;` is unknown before 1.25.1.
    const newer = substitute(nginxConfig(options), [
      [' ssl http2;', ' ssl;', 4],
      [
        '    server_tokens off;\n    # Redirects',
        '    http2 on;\n    server_tokens off;\n    # Redirects',
        1,
      ],
    ])
    const result = nginxTest(nginxPrefix(newer, dir))
    if (atLeast(result.version, '1.25.1')) expect(result.passed).toBe(true)
    else {
      expect(result.passed).toBe(false)
      expect(result.output).toContain('unknown directive "http2"')
    }
  })

  it('serves captions as text/vtt, pages with the headers, and no hidden file', async () => {
    const { dir, options, ports, ca } = await testSetup()
    const nginx = await startNginx(nginxPrefix(nginxConfig(options), dir), ports)
    try {
      const captions = await get(`${nginx.https}/captions/talk.vtt`, ca)
      expect(captions.status).toBe(200)
      expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8')
      expect(captions.headers['x-content-type-options']).toBe('nosniff')
      const slipped = await get(`${nginx.https}/captions/pay.html`, ca)
      expect(slipped.headers['content-type']).toBe('text/vtt; charset=utf-8')
      expect(slipped.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      const home = await get(`${nginx.https}/`, ca)
      expect(home.status).toBe(200)
      expect(home.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(home.headers['content-security-policy']).toContain("default-src 'self'")
      for (const path of ['/.git/config', '/.env', '/_headers']) {
        const hidden = await get(`${nginx.https}${path}`, ca)
        expect(hidden.status, path).toBe(404)
        expect(hidden.headers['x-frame-options'], path).toBe('DENY')
      }
    } finally {
      await nginx.stop()
    }
  })

  it('sends the www. spelling to the canonical address, and its headers', async () => {
    const { dir, options, ports, ca } = await testSetup()
    const nginx = await startNginx(nginxPrefix(nginxConfig(options), dir), ports)
    try {
      const head = await raw(
        ports.httpsPort,
        ca,
        'GET /fees/?a=1 HTTP/1.1\r\nHost: www.bureau.example.org\r\nConnection: close\r\n\r\n'
      )
      expect(head).toMatch(/^HTTP\/1\.1 301/)
      expect(head).toContain(`Location: https://bureau.example.org:${ports.httpsPort}/fees/?a=1`)
      expect(head).toContain('X-Frame-Options: DENY')
    } finally {
      await nginx.stop()
    }
  })

  it("puts the security headers on nginx's own answers to broken requests", async () => {
    const { dir, options, ports, ca } = await testSetup()
    const nginx = await startNginx(nginxPrefix(nginxConfig(options), dir), ports)
    try {
      const broken = {
        400: 'GET / HTTP/1.1\r\nHost: localhost\r\nBad header line\r\n\r\n',
        405: 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
        414: `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        505: 'GET / HTTP/2.5\r\nHost: localhost\r\n\r\n',
      }
      for (const [status, bytes] of Object.entries(broken)) {
        const head = await raw(ports.httpsPort, ca, bytes)
        expect(head, status).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`))
        expect(head, status).toContain('X-Content-Type-Options: nosniff')
        expect(head, status).toContain('Content-Security-Policy: ')
      }
    } finally {
      await nginx.stop()
    }
  })

  it('answers a range request with the whole file, once per header: no 416 with doubled headers, no multi-part answer', async () => {
    const { dir, options, ports, ca } = await testSetup()
    const nginx = await startNginx(nginxPrefix(nginxConfig(options), dir), ports)
    try {
      const ranges = Array.from({ length: 300 }, (_, i) => `${i}-${i}`).join(',')
      for (const [path, range] of [
        ['/', 'bytes=99999-'],
        ['/_next/static/chunks/a1b2.js', 'bytes=99999-'],
        ['/', `bytes=${ranges}`],
        ['/_next/static/chunks/a1b2.js', 'bytes=0-0,2-2'],
      ] as const) {
        const head = await raw(
          ports.httpsPort,
          ca,
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nRange: ${range}\r\nConnection: close\r\n\r\n`
        )
        const what = `${path} ${range.slice(0, 20)}`
        expect(head, what).toMatch(/^HTTP\/1\.1 200 /)
        expect(head, what).not.toMatch(/multipart\/byteranges|Accept-Ranges/i)
        const names = head
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(':')[0]!.toLowerCase())
        expect(
          names.filter((name, i) => names.indexOf(name) !== i),
          what
        ).toEqual([])
      }
    } finally {
      await nginx.stop()
    }
  })

  it('keeps the year-long cache for the hashed files only: a folder of them is not found, and not cached', async () => {
    const { dir, options, ports, ca } = await testSetup()
    const nginx = await startNginx(nginxPrefix(nginxConfig(options), dir), ports)
    try {
      const file = await get(`${nginx.https}/_next/static/chunks/a1b2.js`, ca)
      expect(file.status).toBe(200)
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      for (const path of ['/_next/static/', '/_next/static/chunks', '/_next/static/no.js']) {
        const answer = await get(`${nginx.https}${path}`, ca)
        expect(answer.status, path).toBe(404)
        expect(answer.headers['cache-control'], path).toBe('no-cache')
        expect(answer.headers['x-frame-options'], path).toBe('DENY')
      }
    } finally {
      await nginx.stop()
    }
  })
})
