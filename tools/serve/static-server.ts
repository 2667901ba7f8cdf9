// The hand-written server, where wrangler does not fit (README, "Serving the site here"): the site
// editor's local server and the benchmark's floor page. It applies out/_headers and gzips text.
import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { unescape } from 'node:querystring'
import { gzipSync } from 'node:zlib'
import { parseHeadersFile } from '#lib/headers/cloudflare.ts'
import { headersForPath, REVALIDATE } from '#lib/headers/rules.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.vtt': 'text/vtt; charset=utf-8',
}

/** The file a URL path maps to in `root`, following static-host rules, or a redirect. */
function resolvePath(root: string, urlPath: string) {
  // Percent-decoded without throwing: a malformed escape stays as it is. The root check
  // below holds either way.
  const path = unescape(urlPath)
  const target = normalize(join(root, path))
  if (target !== root && !target.startsWith(root + sep)) return null
  // Like the hosts: the header file and hidden files are never served.
  if (path === '/_headers' || /\/\.(?!well-known\/)/.test(path)) return null
  if (path.endsWith('/')) {
    const index = join(target, 'index.html')
    return existsSync(index) ? { file: index } : null
  }
  if (existsSync(target) && statSync(target).isFile()) return { file: target }
  if (existsSync(join(target, 'index.html'))) return { redirect: `${path}/` }
  return null
}

type HeaderSource = (urlPath: string) => Record<string, string>

/** The headers of the export's own `_headers`; where it sets no Cache-Control, the host's default. */
export function headersFromExport(root: string): HeaderSource {
  const rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'))
  return (path) => {
    const headers = headersForPath(rules, path)
    const cached = Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control')
    return cached ? headers : { ...headers, 'Cache-Control': REVALIDATE }
  }
}

/** Text that hosts send compressed (as Cloudflare and the nginx configuration do). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|atom\+xml)|image\/svg\+xml)/

/** Serves `root` as the hosts do: index files, slash redirects, 404.html, gzip for text. */
export function createStaticHandler(root: string, headersFor: HeaderSource = () => ({})) {
  const gzipped = new Map<string, Buffer>()
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return res.writeHead(405, { Allow: 'GET, HEAD' }).end()
    const found = resolvePath(root, url.pathname)
    if (found && 'redirect' in found)
      return res
        .writeHead(301, { Location: found.redirect + url.search, ...headersFor(url.pathname) })
        .end()
    const file = found?.file ?? join(root, '404.html')
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const compress =
      COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    let body: Buffer = readFileSync(file)
    if (compress) {
      // Compressed once per version of the file (a rebuild changes it).
      const { mtimeMs, size } = statSync(file)
      const key = `${file} ${mtimeMs} ${size}`
      if (!gzipped.has(key)) gzipped.set(key, gzipSync(body))
      body = gzipped.get(key)!
    }
    res.writeHead(found ? 200 : 404, {
      'Content-Type': type,
      'Content-Length': body.length,
      ...(COMPRESSIBLE.test(type) ? { Vary: 'Accept-Encoding' } : {}),
      ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
      ...headersFor(found ? url.pathname : '/404.html'),
    })
    return res.end(req.method === 'HEAD' ? undefined : body)
  }
}
