// `npm run deploy`: publishes out/ and the routes of functions/ to Cloudflare Pages with the locked
// wrangler, run in an empty folder holding only those, so nothing else in the working copy (a file
// a pull request added, a wrangler.toml) changes what is deployed; it refuses in plain words.
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildSync } from 'esbuild'
import { filesIn, FUNCTIONS_DIR } from '#tools/shared/files.ts'

/** The production branch of the Pages project: deploys to it go live. */
export const PRODUCTION_BRANCH = 'main'
/** The settings the deploy needs, and where each one lives in GitHub. */
export const SETTINGS = [
  { name: 'CLOUDFLARE_API_TOKEN', kind: 'secret' },
  { name: 'CLOUDFLARE_ACCOUNT_ID', kind: 'secret' },
  { name: 'CLOUDFLARE_PAGES_PROJECT', kind: 'variable' },
] as const

/** Decides the deploy, touching nothing. `out` says what the build left in out/; DEPLOY_COMMAND
 * (split on spaces, for tests) stands in for the locked wrangler. */
export function planDeploy(
  env: Record<string, string | undefined>,
  out: { index: boolean; headers: boolean },
  branch = PRODUCTION_BRANCH,
  wranglerBin = resolve('node_modules', 'wrangler', 'bin', 'wrangler.js')
): { action: 'refuse'; message: string } | { action: 'run'; command: string; args: string[] } {
  const refuse = (message: string) => ({ action: 'refuse' as const, message })
  const absent = [!out.index && 'out/index.html', !out.headers && 'out/_headers'].filter(Boolean)
  if (absent.length > 0)
    return refuse(
      `Deploy refused: ${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} missing. ` +
        `Run \`npm run build\` first; it writes the whole site, with its headers, to out/.`
    )
  const missing = SETTINGS.filter(({ name }) => !env[name]?.trim())
  const list = missing.map(({ name, kind }) => `${name} (${kind})`).join(', ')
  const add =
    `Add ${missing.length > 1 ? 'them' : 'it'} in the repository's Settings > Secrets and variables > Actions, ` +
    `as deploy/README.md ("Cloudflare Pages") explains.`
  // Some set and some not: a set-up left half done, which must not pass as "not set up yet".
  if (missing.length > 0)
    return refuse(
      missing.length < SETTINGS.length
        ? `Deploy failed: the Cloudflare settings are only partly set. Missing: ${list}. ${add}`
        : `Nothing was published: the site was built, but ${list} are not set, so it was not sent to Cloudflare Pages. ${add}`
    )
  const override = env.DEPLOY_COMMAND?.trim().split(/\s+/)
  const [command = '', ...prefix] = override?.[0] ? override : [process.execPath, wranglerBin]
  const project = env.CLOUDFLARE_PAGES_PROJECT!.trim()
  const args = ['pages', 'deploy', 'out', '--project-name', project, '--branch', branch]
  return { action: 'run', command, args: [...prefix, ...args] }
}

// Bundles each route of `from` (a file exporting onRequest, onRequestGet…, as wrangler reads its
// exports; not a module the routes share) into `to` at the same path, with all it imports.
export function bundleFunctions(from: string, to: string): string[] {
  const files = filesIn(from).filter((file) => {
    if (!file.endsWith('.ts')) return false
    const built = buildSync({ entryPoints: [join(from, file)], write: false, metafile: true })
    const exports = Object.values(built.metafile.outputs).flatMap((output) => output.exports)
    return exports.some((name) => /^onRequest(Get|Post|Put|Patch|Delete|Options|Head)?$/.test(name))
  })
  for (const file of files)
    buildSync({
      entryPoints: [join(from, file)],
      outfile: join(to, file.replace(/\.ts$/, '.js')),
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'error',
    })
  return files
}

/** Deploys out/ to `branch` (any other than main is a preview: static files only, no functions);
 * refuses in plain words, on the run's summary too. Returns the exit status. */
export function deploy(branch = PRODUCTION_BRANCH): number {
  const out = resolve('out')
  const plan = planDeploy(
    process.env,
    { index: existsSync(join(out, 'index.html')), headers: existsSync(join(out, '_headers')) },
    branch
  )
  if (plan.action === 'refuse') {
    console.error(plan.message)
    if (process.env.GITHUB_ACTIONS) console.log(`::error title=Not published::${plan.message}`)
    if (process.env.GITHUB_STEP_SUMMARY)
      appendFileSync(process.env.GITHUB_STEP_SUMMARY, `## Not published\n\n${plan.message}\n`)
    return 1
  }
  const stage = mkdtempSync(join(tmpdir(), 'deploy-'))
  cpSync(out, join(stage, 'out'), { recursive: true })
  if (branch !== PRODUCTION_BRANCH)
    // A preview is static files only: a pull request's build may hold a Pages worker or routes.
    for (const name of ['_worker.js', '_routes.json'])
      rmSync(join(stage, 'out', name), { recursive: true, force: true })
  else if (existsSync(FUNCTIONS_DIR))
    for (const file of bundleFunctions(FUNCTIONS_DIR, join(stage, 'functions')))
      console.log(`deploy: function ${file}`)
  console.log(`deploy: ${[plan.command, ...plan.args].join(' ')}`)
  const run = spawnSync(plan.command, plan.args, {
    stdio: 'inherit',
    cwd: stage,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  rmSync(stage, { recursive: true, force: true })
  if (run.error)
    console.error(`Deploy failed: could not start ${plan.command}: ${run.error.message}`)
  return run.error ? 1 : (run.status ?? 1)
}

if (import.meta.main) process.exit(deploy())
