// npm run serve, and the `cloudflare` project of the browser tests: serves
// the export in out/ with Cloudflare's own local runtime, `wrangler pages
// dev` on workerd. Cloudflare's code applies out/_headers, answers /route
// with a redirect to /route/, serves 404.html for a missing page, picks the
// content types and compresses, as the host does.
//   PORT      the port (3000)
//   HOST      the address to listen on (127.0.0.1)
//   SITE_OUT  the folder to serve (out), with the functions of functions/
//
// It starts offline and the same way every time: no update check, no usage
// reports, no lookup of Cloudflare's request details, no debug port on a
// fixed number. Wrangler runs in a new temporary folder, with its settings,
// logs and stored data in it too (never in the home folder or the working
// copy), and the folder is removed when it stops; nothing of the working
// copy (a .env or .dev.vars file, a wrangler configuration, its git branch)
// changes what it serves. Wrangler needs Node 22 or later: it runs on the
// Node that runs this script (npm's Node 24).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FUNCTIONS_DIR } from '#tools/ops/deploy.ts'

/**
 * The compatibility date of the site's Pages project: which behaviour of
 * Cloudflare's runtime applies. Pinned, so a newer wrangler does not change
 * what is served; it must be a date the installed workerd supports.
 */
export const COMPATIBILITY_DATE = '2026-11-01'

export type PagesDevOptions = {
  /** The folder of static files (out/). */
  out: string
  port: number
  host?: string
  /**
   * A folder of Cloudflare Pages Functions, served beside the files as on
   * the host. Wrangler looks for them in `functions/` of the folder it runs
   * in, so the folder is linked there.
   */
  functions?: string
  /**
   * The functions' environment, as the Pages project's settings give it on
   * the host (for the tests: a stand-in's address and made-up client keys).
   */
  bindings?: Record<string, string>
}

/** Wrangler's own entry point (bin/wrangler.js), which checks the Node version. */
function wranglerBin(): string {
  const require = createRequire(import.meta.url)
  return join(resolve(require.resolve('wrangler/package.json'), '..'), 'bin', 'wrangler.js')
}

/** The program, arguments and environment that start `wrangler pages dev` in `dir`. */
export function pagesDevCommand(options: PagesDevOptions, dir: string) {
  const args = [
    wranglerBin(),
    'pages',
    'dev',
    resolve(options.out),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    `--ip=${options.host ?? '127.0.0.1'}`,
    `--port=${options.port}`,
    // 0: a free port for the debugger, instead of 9229 (which two servers,
    // or a Node debugger, would share).
    '--inspector-port=0',
    `--persist-to=${join(dir, 'state')}`,
    ...Object.entries(options.bindings ?? {}).map(([name, value]) => `--binding=${name}=${value}`),
  ]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // The banner is what asks the npm registry for a newer wrangler.
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_WRITE_LOGS: 'false',
    // Otherwise workerd's request details (request.cf) are fetched from Cloudflare.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    // Wrangler's settings folder (and what it keeps there) inside `dir`.
    XDG_CONFIG_HOME: join(dir, 'config'),
    WRANGLER_LOG_PATH: join(dir, 'logs'),
    WRANGLER_REGISTRY_PATH: join(dir, 'registry'),
    WRANGLER_CACHE_DIR: join(dir, 'cache'),
  }
  return { program: process.execPath, args, env, cwd: join(dir, 'project') }
}

/**
 * Starts `wrangler pages dev` in a new temporary folder, removed when it
 * exits. Wrangler is ready when the port answers (it holds requests until
 * workerd is up).
 */
export function startPagesDev(options: PagesDevOptions): ChildProcess {
  const dir = mkdtempSync(join(tmpdir(), 'cloudflare-dev-'))
  const { program, args, env, cwd } = pagesDevCommand(options, dir)
  mkdirSync(cwd)
  if (options.functions) symlinkSync(resolve(options.functions), join(cwd, 'functions'), 'dir')
  const child = spawn(program, args, { cwd, env, stdio: 'inherit' })
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
  // The reviewed functions (the editor's GitHub sign-in), as on the host.
  const wrangler = startPagesDev({ out, port, host, functions: resolve(FUNCTIONS_DIR) })
  // Wrangler stops workerd and cleans up on these; this script stops with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => wrangler.kill(signal))
  wrangler.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
