// `npm run deploy`: publishes out/ to Cloudflare Pages (tools/ops/pages-deploy.ts
// decides how). Exits 1 with a message, on the run's summary page too, when
// out/ is not a built site or the Cloudflare settings are not all set
// (nothing is published then, and the run must not look green); otherwise
// with the exit code of the Cloudflare CLI, which runs in a new folder
// holding only a copy of out/ and of the reviewed functions (FUNCTIONS_DIR),
// if any.
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { bundleFunctions } from '#tools/ops/bundle-functions.ts'
import { FUNCTIONS_DIR, planDeploy } from '#tools/ops/pages-deploy.ts'

const root = process.cwd()
const out = join(root, 'out')
const plan = planDeploy(
  process.env,
  { index: existsSync(join(out, 'index.html')), headers: existsSync(join(out, '_headers')) },
  resolve(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js')
)

if (plan.action === 'refuse') {
  console.error(plan.message)
  // On GitHub the same words show on the run's summary page.
  if (process.env.GITHUB_ACTIONS) console.log(`::error title=Not published::${plan.message}`)
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, `## Not published\n\n${plan.message}\n`)
  process.exit(1)
}

// Only out/ and the reviewed functions, in a folder with nothing else in it.
// Each function is bundled with what it imports from the working copy (the
// site's header rules), so the folder needs nothing else.
const stage = mkdtempSync(join(tmpdir(), 'deploy-'))
cpSync(out, join(stage, 'out'), { recursive: true })
const functions = join(root, FUNCTIONS_DIR)
if (existsSync(functions))
  for (const file of bundleFunctions(functions, join(stage, 'functions')))
    console.log(`deploy: function ${file}`)

console.log(`deploy: ${[plan.command, ...plan.args].join(' ')}`)
const run = spawnSync(plan.command, plan.args, {
  stdio: 'inherit',
  cwd: stage,
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
})
rmSync(stage, { recursive: true, force: true })
if (run.error) {
  console.error(`Deploy failed: could not start ${plan.command}: ${run.error.message}`)
  process.exit(1)
}
process.exit(run.status ?? 1)
