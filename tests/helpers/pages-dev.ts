import type { ChildProcess } from 'node:child_process'
import { startPagesDev, type PagesDevOptions } from '#tools/serve/cloudflare-dev.ts'
import { freePort } from '#tests/helpers/ports.ts'

/** Waits until an address answers at all (wrangler holds requests until workerd is up). */
export async function answering(url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url} did not answer`)
}

export type RunningPages = { origin: string; stop: () => Promise<void> }

/**
 * `wrangler pages dev` for one test file, on `port` or a free one; stop()
 * waits until it has exited.
 */
export async function startPagesSite(
  options: Omit<PagesDevOptions, 'port'> & { port?: number }
): Promise<RunningPages> {
  const port = options.port ?? (await freePort())
  const wrangler: ChildProcess = startPagesDev({ ...options, port })
  const origin = `http://localhost:${port}`
  await answering(`${origin}/`)
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        if (wrangler.exitCode !== null) return resolve()
        wrangler.once('exit', () => resolve())
        wrangler.kill('SIGTERM')
      }),
  }
}
