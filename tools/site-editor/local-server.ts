import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { LOCAL_BACKEND_PATH } from '#site-editor/config.ts'
import { foreignRequest, refusedBackendRequest } from '#tools/site-editor/local-guard.ts'

// `npm run site-editor`: the built site (the editor at /admin/) and Decap's local backend
// (decap-server's file-system middleware) at /api/v1 of one address on 127.0.0.1. The backend
// listens on no port of its own: every request reaches it through local-guard.ts.

export type SiteEditorServer = { url: string; close: () => Promise<void> }

/** Larger than any content file (1 MB) sent as JSON, with room to spare. */
const MAX_BODY_BYTES = 10_000_000

type Handler = (
  req: IncomingMessage & { body?: unknown; _body?: boolean },
  res: ServerResponse
) => void

/** decap-server's file-system backend as a request handler (an Express app that is never started). */
async function localBackend(repoDir: string, logLevel: string): Promise<Handler> {
  const require = createRequire(createRequire(import.meta.url).resolve('decap-server/package.json'))
  const app = (require('express') as () => Handler)()
  const { registerLocalFs } = require('decap-server/dist/middlewares.js') as {
    registerLocalFs: (app: Handler, options: { logLevel: string }) => Promise<void>
  }
  // decap-server reads the folder to write to from the environment as it registers.
  const before = process.env.GIT_REPO_DIRECTORY
  process.env.GIT_REPO_DIRECTORY = repoDir
  try {
    await registerLocalFs(app, { logLevel })
  } finally {
    if (before === undefined) delete process.env.GIT_REPO_DIRECTORY
    else process.env.GIT_REPO_DIRECTORY = before
  }
  return app
}

const refuse = (res: ServerResponse, status: number, message: string): void =>
  void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message)

/** Serves the export `outDir`, and the local backend writing to `repoDir` behind its guard. */
export async function startSiteEditorServer(options: {
  outDir: string
  repoDir: string
  port?: number
  /** decap-server's log level (info shows every request). */
  logLevel?: string
}): Promise<SiteEditorServer> {
  // Read first: a missing export fails here.
  const site = createStaticHandler(options.outDir, headersFromExport(options.outDir))
  const decap = await localBackend(options.repoDir, options.logLevel ?? 'warn')

  /** Reads a backend request whole, checks every path in it, then hands it to the backend. */
  const proxy = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    let size = 0
    // Leaving the loop destroys the request: nothing larger gets through.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) return
      chunks.push(chunk)
    }
    let body: unknown
    try {
      body = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
    } catch {
      return refuse(res, 400, 'The request is not JSON.')
    }
    const refused = req.method === 'POST' ? refusedBackendRequest(body) : undefined
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
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 8081, '127.0.0.1', resolve)
  )
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
