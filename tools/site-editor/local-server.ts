import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { LOCAL_BACKEND_PATH } from '#site-editor/config.ts'
import { foreignRequest, refusedBackendRequest } from '#tools/site-editor/local-guard.ts'

// `npm run site-editor`: edit the site in the browser without GitHub. The built site (the editor
// at /admin/) and Decap's local backend (decap-server's file-system middleware, on no port of its
// own) at /api/v1 of one address on 127.0.0.1, every backend request through local-guard.ts.
//   PORT              the address's port (8081)
//   SITE_EDITOR_REPO  the working copy to edit (this one)

export type SiteEditorServer = { url: string; close: () => Promise<void> }
type Handler = (req: IncomingMessage, res: ServerResponse) => void
type Options = { outDir: string; repoDir: string; port: number }

/** Larger than any content file (1 MB) sent as JSON, with room to spare. */
const MAX_BODY_BYTES = 10_000_000

const refuse = (res: ServerResponse, status: number, message: string): void =>
  void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message)

/** Serves the export `outDir`, and the local backend writing to `repoDir` behind its guard. */
export async function startSiteEditorServer(options: Options): Promise<SiteEditorServer> {
  // Read first: a missing export fails here.
  const site = createStaticHandler(options.outDir, headersFromExport(options.outDir))
  // decap-server's backend as an Express app that is never started; it reads the folder to write
  // to from the environment as it registers.
  const require = createRequire(createRequire(import.meta.url).resolve('decap-server/package.json'))
  const decap = (require('express') as () => Handler)()
  const { registerLocalFs } = require('decap-server/dist/middlewares.js') as {
    registerLocalFs: (app: Handler, options: { logLevel: string }) => Promise<void>
  }
  process.env.GIT_REPO_DIRECTORY = options.repoDir
  await registerLocalFs(decap, { logLevel: 'warn' })

  /** Reads a backend request whole, checks every path in it, then hands it to the backend. */
  const proxy = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    let size = 0
    // Leaving the loop destroys the request: nothing larger gets through.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if ((size += chunk.length) > MAX_BODY_BYTES) return
      chunks.push(chunk)
    }
    let body: unknown
    try {
      body = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
    } catch {
      return refuse(res, 400, 'The request is not JSON.')
    }
    const refused = req.method === 'POST' ? refusedBackendRequest(body, options.repoDir) : undefined
    if (refused) return refuse(res, 403, refused)
    // Already read: Express's JSON reader takes the body as given.
    decap(Object.assign(req, { body, _body: true }), res)
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const backend = path === LOCAL_BACKEND_PATH || path.startsWith(`${LOCAL_BACKEND_PATH}/`)
    const { port } = server.address() as AddressInfo
    const foreign = foreignRequest(port, req.headers, backend ? req.method : 'GET')
    if (foreign) refuse(res, 403, foreign)
    else if (backend) proxy(req, res).catch(() => res.destroy())
    else site(req, res)
  })
  await once(server.listen(options.port, '127.0.0.1'), 'listening')
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
  }
}

if (import.meta.main) {
  const repoDir = resolve(process.env.SITE_EDITOR_REPO ?? '.')
  mkdirSync(repoDir, { recursive: true })
  if (!existsSync(join('out', 'admin', 'index.html'))) {
    console.log('site-editor: the site is not built yet; building it first (npm run build).')
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  const port = Number(process.env.PORT ?? 8081)
  const server = await startSiteEditorServer({ outDir: 'out', repoDir, port })
  console.log(
    `site-editor: edit the site at ${server.url}/admin/ (press "Login"; no password is needed).\n` +
      `site-editor: saving writes to ${join(repoDir, 'content')}; review with git diff, then commit. Ctrl+C stops.`
  )
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
