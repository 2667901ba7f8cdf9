// npm run serve and the `cloudflare` browser tests: out/ and functions/ on Cloudflare's own runtime
// (`wrangler pages dev`), offline, its state in a temporary folder so nothing of the working copy
// (a .dev.vars, a wrangler.toml) changes what it serves. PORT (3000), HOST (127.0.0.1), SITE_OUT.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FUNCTIONS_DIR } from '#tools/shared/files.ts'

/** Which behaviour of Cloudflare's runtime applies: pinned, and supported by the installed workerd. */
export const COMPATIBILITY_DATE = '2026-11-01'

export type PagesDevOptions = {
  out: string
  port: number
  host?: string
  /** A folder of Pages Functions, served beside the files (linked as `functions/` where wrangler runs). */
  functions?: string
  /** The functions' environment, as the Pages project's settings give it on the host. */
  bindings?: Record<string, string>
}

/** Starts `wrangler pages dev` (ready when its port answers) in a temporary folder, removed on exit. */
export function startPagesDev(options: PagesDevOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'cloudflare-dev-'))
  const cwd = join(dir, 'project')
  mkdirSync(cwd)
  if (options.functions) symlinkSync(resolve(options.functions), join(cwd, 'functions'), 'dir')
  // In the project's .dev.vars (as wrangler reads them), never on a command line that `ps` shows.
  const vars = Object.entries(options.bindings ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}\n`)
  writeFileSync(join(cwd, '.dev.vars'), vars.join(''), { mode: 0o600 })
  const args = [
    // Wrangler's own entry point checks the Node version; it runs on this Node (24).
    resolve(import.meta.dirname, '../../node_modules/wrangler/bin/wrangler.js'),
    'pages',
    'dev',
    resolve(options.out),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    `--ip=${options.host ?? '127.0.0.1'}`,
    `--port=${options.port}`,
    // A free port for the debugger, not 9229 (which two servers would share).
    '--inspector-port=0',
    `--persist-to=${join(dir, 'state')}`,
  ]
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // The banner is what asks the npm registry for a newer wrangler.
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_WRITE_LOGS: 'false',
    // Otherwise workerd fetches its request details (request.cf) from Cloudflare.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    XDG_CONFIG_HOME: join(dir, 'config'),
    WRANGLER_LOG_PATH: join(dir, 'logs'),
    WRANGLER_REGISTRY_PATH: join(dir, 'registry'),
    WRANGLER_CACHE_DIR: join(dir, 'cache'),
  }
  const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' })
  child.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return child
}

if (import.meta.main) {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '127.0.0.1'
  const out = resolve(process.env.SITE_OUT ?? 'out')
  // Wrangler would serve a missing folder too, answering 404 to everything.
  if (!existsSync(join(out, '_headers'))) {
    console.error(`${out} holds no built site: run \`npm run build\` first.`)
    process.exit(1)
  }
  console.log(
    `Serving ${out} at http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/ ` +
      `with Cloudflare's runtime (wrangler pages dev, compatibility date ${COMPATIBILITY_DATE}); Ctrl+C stops.`
  )
  const wrangler = startPagesDev({ out, port, host, functions: resolve(FUNCTIONS_DIR) })
  // Wrangler stops workerd and cleans up on these; this script stops with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => wrangler.kill(signal))
  wrangler.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
