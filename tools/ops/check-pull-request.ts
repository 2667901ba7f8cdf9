// `npm run check:pull-request`: what checks.yml runs on every pull request and push. With BASE (the
// pull request's base commit) set and every changed file in content/, the checks content can
// break: the build (the content check first), the checks over the built files and the browser
// tests of the built site on Cloudflare's runtime. Anything else (code, or no BASE): npm test.
import { execFileSync, spawnSync } from 'node:child_process'

export const CONTENT_ONLY = [
  ['run', 'build'],
  ['run', 'test:export'],
  ['run', 'test:e2e', '--', '--project', 'cloudflare'],
]

/** The npm commands for a change of these files (undefined: not a pull request). */
export const checksFor = (changed?: string[]) =>
  changed?.length && changed.every((path) => path.startsWith('content/'))
    ? CONTENT_ONLY
    : [['test']]

if (import.meta.main) {
  const base = process.env.BASE
  const diff = base && execFileSync('git', ['diff', '--name-only', '-z', `${base}...HEAD`])
  const changed = diff ? diff.toString('utf8').split('\0').filter(Boolean) : undefined
  const commands = checksFor(changed)
  console.log(
    commands === CONTENT_ONLY
      ? `check: only content/ changed (${changed!.length} files): the content, the build and the built site.`
      : 'check: code changed (or this is not a pull request): npm test, everything.'
  )
  for (const args of commands) {
    const { status } = spawnSync('npm', args, { stdio: 'inherit' })
    if (status !== 0) process.exit(status ?? 1)
  }
}
