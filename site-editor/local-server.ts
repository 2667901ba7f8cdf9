import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { LOCAL_BACKEND_PATH } from '#site-editor/config.ts'
import { foreignRequest, refusedBackendRequest } from '#site-editor/local-guard.ts'

// `npm run site-editor`: the built site (with the editor at /admin/) and Decap's
// local backend (decap-server) behind one address. The editor finds the
// backend at /api/v1 on its own origin, so its security policy needs no
// other address. Both listen on 127.0.0.1 only, the backend on a port
// nobody else is told about, and every request to it passes
// site-editor/local-guard.ts first: this server's Host and Origin, and
// content files only.

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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

async function waitForBackend(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`decap-server stopped (exit ${child.exitCode})`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}${LOCAL_BACKEND_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'info' }),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('decap-server did not start within 10 seconds')
}

/** Starts decap-server on a private port and the site with the editor in front of it. */
export async function startSiteEditorServer(
  options: SiteEditorServerOptions
): Promise<SiteEditorServer> {
  const { outDir, repoDir, port = 8081, logLevel = 'warn' } = options
  const host = '127.0.0.1'
  // Read first: a missing export fails here, before any process is started.
  const site = createStaticHandler(outDir, headersFromExport(outDir))
  const backendPort = await freePort()
  const backend = spawn(
    process.execPath,
    [createRequire(import.meta.url).resolve('decap-server/dist/index.js')],
    {
      cwd: repoDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(backendPort),
        BIND_HOST: '127.0.0.1',
        GIT_REPO_DIRECTORY: repoDir,
        // Files are written to the working copy; people commit them with git.
        MODE: 'fs',
        LOG_LEVEL: logLevel,
      },
    }
  )
  try {
    await waitForBackend(backendPort, backend)
  } catch (error) {
    backend.kill()
    throw error
  }

  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end(message)
  }
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const request_ = request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: `127.0.0.1:${backendPort}`,
          'content-length': String(body.length),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    request_.on('error', (error) =>
      refuse(res, 502, `The local backend did not answer: ${error.message}`)
    )
    request_.end(body)
  }
  /** Reads a backend request whole, checks every path in it, then passes it on. */
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) req.destroy()
      else chunks.push(chunk)
    })
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      let parsed: unknown
      try {
        parsed = req.method === 'POST' ? JSON.parse(body.toString('utf8')) : undefined
      } catch {
        return refuse(res, 400, 'The request is not JSON.')
      }
      const refused = req.method === 'POST' ? refusedBackendRequest(parsed) : undefined
      if (refused) return refuse(res, 403, refused)
      forward(req, res, body)
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
    server.once('error', (error) => {
      backend.kill()
      reject(error)
    })
    server.listen(port, host, resolve)
  })
  actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${actualPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        backend.kill()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
