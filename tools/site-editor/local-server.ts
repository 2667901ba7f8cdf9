import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { LOCAL_BACKEND_PATH } from '#site-editor/config.ts'
import { foreignRequest, refusedBackendRequest } from '#tools/site-editor/local-guard.ts'

// `npm run site-editor`: the built site (with the editor at /admin/) and Decap's
// local backend (decap-server's file-system middleware) behind one address.
// The editor finds the backend at /api/v1 on its own origin, so its
// security policy needs no other address. The backend runs inside this
// server and listens on no port of its own: every request reaches it only
// through tools/site-editor/local-guard.ts (this server's Host and Origin, and
// content files only). The server listens on 127.0.0.1 only.

export type SiteEditorServerOptions = {
  /** The export to serve (out/). */
  outDir: string
  /** The working copy whose content/ the editor changes. */
  repoDir: string
  port?: number
  /** decap-server's log level (info shows every request). */
  logLevel?: string
}

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
  const express = require('express') as () => Handler
  const { registerLocalFs } = require('decap-server/dist/middlewares.js') as {
    registerLocalFs: (app: Handler, options: { logLevel: string }) => Promise<void>
  }
  const app = express()
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

/** Serves the site, and the local backend in front of its guard, on one address. */
export async function startSiteEditorServer(
  options: SiteEditorServerOptions
): Promise<SiteEditorServer> {
  const { outDir, repoDir, port = 8081, logLevel = 'warn' } = options
  const host = '127.0.0.1'
  // Read first: a missing export fails here.
  const site = createStaticHandler(outDir, headersFromExport(outDir))
  const decap = await localBackend(repoDir, logLevel)

  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end(message)
  }
  /** Reads a backend request whole, checks every path in it, then hands it to the backend. */
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) req.destroy()
      else chunks.push(chunk)
    })
    req.on('end', () => {
      let parsed: unknown
      try {
        parsed =
          req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined
      } catch {
        return refuse(res, 400, 'The request is not JSON.')
      }
      const refused = req.method === 'POST' ? refusedBackendRequest(parsed) : undefined
      if (refused) return refuse(res, 403, refused)
      // Already read: Express's JSON reader takes the body as given.
      decap(Object.assign(req, { body: parsed, _body: true }), res)
    })
  }
  let actualPort = port
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const backend = path === LOCAL_BACKEND_PATH || path.startsWith(`${LOCAL_BACKEND_PATH}/`)
    const foreign = foreignRequest(
      actualPort,
      { host: req.headers.host, origin: req.headers.origin },
      backend ? req.method : 'GET'
    )
    if (foreign) refuse(res, 403, foreign)
    else if (backend) proxy(req, res)
    else site(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${actualPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
