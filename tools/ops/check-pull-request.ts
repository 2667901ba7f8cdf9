// `npm run check:pull-request -- <job>`: what each of checks.yml's required jobs runs. With BASE
// (the pull request's base commit) set and every changed file in content/, the checks content can
// break: the content check, the build, the checks over the built files and the browser tests of
// the built site on Cloudflare's runtime, and no unit test of code the change did not touch.
// Anything else (code, or no BASE: a push to main): the job's half of npm test.
import { execFileSync, spawnSync } from 'node:child_process'

type Job = 'quick' | 'checks' | 'served'
export const PLAN: Record<Job, { content: string[][]; code: string[][] }> = {
  quick: { content: [['check:content'], ['build'], ['test:export']], code: [['test:quick']] },
  checks: { content: [], code: [['test:checks']] },
  served: {
    content: [['build'], ['test:e2e', '--', '--project', 'cloudflare']],
    code: [['build'], ['test:served']],
  },
}

/** The npm scripts a job runs for a change of these files (undefined: not a pull request). */
export const checksFor = (job: Job, changed?: string[]) =>
  changed?.length && changed.every((path) => path.startsWith('content/'))
    ? PLAN[job].content
    : PLAN[job].code

if (import.meta.main) {
  const job = process.argv[2] as Job
  if (!(job in PLAN)) throw new Error(`check:pull-request: give one of ${Object.keys(PLAN)}`)
  const base = process.env.BASE
  const diff = base && execFileSync('git', ['diff', '--name-only', '-z', `${base}...HEAD`])
  const changed = diff ? diff.toString('utf8').split('\0').filter(Boolean) : undefined
  const scripts = checksFor(job, changed)
  console.log(
    scripts === PLAN[job].content
      ? `check:pull-request ${job}: only content/ changed (${changed!.length} files): ${scripts.map((s) => s[0]).join(', ') || 'nothing more here'}.`
      : `check:pull-request ${job}: code changed (or this is not a pull request): ${scripts.map((s) => s[0]).join(', ')}.`
  )
  for (const args of scripts) {
    const { status } = spawnSync('npm', ['run', ...args], { stdio: 'inherit' })
    if (status !== 0) process.exit(status ?? 1)
  }
}
