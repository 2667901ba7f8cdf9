import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { writeHeadersFile } from '#lib/headers/cloudflare.ts'
import { listen } from '#tests/helpers/ports.ts'

// The local server behaves as the reference host: index files, slash
// redirects, the 404 page, the export's own _headers, and gzip for text.
const root = mkdtempSync(join(tmpdir(), 'serve-'))
mkdirSync(join(root, 'fees'))
writeFileSync(join(root, 'index.html'), '<p>home</p>'.repeat(50))
writeFileSync(join(root, 'fees', 'index.html'), '<p>fees</p>')
writeFileSync(join(root, '404.html'), '<p>not found</p>')
writeFileSync(join(root, 'logo.png'), Buffer.from([137, 80, 78, 71]))
writeFileSync(join(root, '.env'), 'SECRET=1')
writeFileSync(
  join(root, '_headers'),
  writeHeadersFile([
    { path: '/*', set: { 'X-Test': 'all' } },
    { path: '/fees/*', set: { 'X-Test': 'fees' }, detach: ['x-other'] },
  ])
)

let server: Server
let base: string
beforeAll(async () => {
  server = createServer(createStaticHandler(root, headersFromExport(root)))
  base = await listen(server)
})
afterAll(() => server.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers, redirect: 'manual' })

describe('the local server', () => {
  it('serves index files and redirects to the slash form, with the headers', async () => {
    const page = await get('/fees/')
    expect(page.status).toBe(200)
    expect(page.headers.get('x-test')).toBe('all, fees')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    const redirect = await get('/fees?a=1')
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('location')).toBe('/fees/?a=1')
    // The redirect is for /fees, which only the /* rule matches.
    expect(redirect.headers.get('x-test')).toBe('all')
  })

  it('answers 404 with the not-found page for missing, hidden and header files', async () => {
    for (const path of ['/nope/', '/.env', '/_headers']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toBe('<p>not found</p>')
    }
  })

  it('sends text gzipped when the browser accepts it, and says so to caches', async () => {
    const plain = await fetch(base + '/', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      import('node:http').then(({ get: httpGet }) =>
        httpGet(base + '/', { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) })
          )
        })
      )
    })
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe('<p>home</p>'.repeat(50))
    const image = await get('/logo.png', { 'Accept-Encoding': 'gzip' })
    expect(image.headers.get('content-encoding')).toBeNull()
  })

  it('serves a rebuilt file, not a stale compressed copy', async () => {
    await get('/fees/', { 'Accept-Encoding': 'gzip' })
    writeFileSync(join(root, 'fees', 'index.html'), '<p>new fees</p>')
    utimesSync(join(root, 'fees', 'index.html'), new Date(), new Date(Date.now() + 5000))
    expect(await (await get('/fees/', { 'Accept-Encoding': 'gzip' })).text()).toBe(
      '<p>new fees</p>'
    )
  })
})
