// `npm run deploy`: publishes out/ to Cloudflare Pages (tools/ops/pages-deploy.ts
// decides how). Exits 1 when out/ is not a built site, 0 with a message when
// the Cloudflare settings are missing (the site is not set up to publish yet),
// and otherwise with the exit code of the Cloudflare CLI.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { planDeploy } from '#tools/ops/pages-deploy.ts'

const out = join(process.cwd(), 'out')
const plan = planDeploy(process.env, {
  index: existsSync(join(out, 'index.html')),
  headers: existsSync(join(out, '_headers')),
})

if (plan.action === 'refuse') {
  console.error(plan.message)
  process.exit(1)
}

if (plan.action === 'skip') {
  console.log(plan.message)
  // On GitHub the same words show as a notice on the run's summary page.
  if (process.env.GITHUB_ACTIONS) console.log(`::notice title=Deploy skipped::${plan.message}`)
  process.exit(0)
}

console.log(`deploy: ${[plan.command, ...plan.args].join(' ')}`)
const run = spawnSync(plan.command, plan.args, { stdio: 'inherit' })
if (run.error) {
  console.error(`Deploy failed: could not start ${plan.command}: ${run.error.message}`)
  process.exit(1)
}
process.exit(run.status ?? 1)
