// `npm run publish:commit`: the commit publish.yml may publish, the newest commit of main on which
// checks.yml succeeded after a push (never main's head unseen). Writes `sha=<commit>` to
// $GITHUB_OUTPUT; exits 1, saying nothing was published, when no commit has passed.
import { appendFileSync } from 'node:fs'
import { api, settingsOrExit } from '#tools/ops/github-issue.ts'
import { PRODUCTION_BRANCH } from '#tools/ops/deploy.ts'

const CHECKS_WORKFLOW = 'checks.yml'

export type WorkflowRun = {
  head_sha: string
  head_branch: string | null
  event: string
  conclusion: string | null
  head_repository?: { full_name?: string } | null
}

/** The newest passed run of a push to main of this repository (a fork's branch may be called main too). */
export function checkedRun(runs: readonly WorkflowRun[], repository: string) {
  return runs.find(
    (run) =>
      run.event === 'push' &&
      run.head_branch === PRODUCTION_BRANCH &&
      run.conclusion === 'success' &&
      run.head_repository?.full_name === repository
  )
}

export const NOTHING_CHECKED =
  `Nothing was published: no commit of ${PRODUCTION_BRANCH} has passed its checks ` +
  `(the ${CHECKS_WORKFLOW} workflow after a push). Look at the checks of the newest commit in the Actions tab.`

if (import.meta.main) {
  const { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_SHA: head } = process.env
  const say = (line: string) => {
    console.log(line)
    if (summary) appendFileSync(summary, `${line}\n`)
  }
  const settings = settingsOrExit('publish:commit')
  const { workflow_runs: runs } = await api<{ workflow_runs: WorkflowRun[] }>(
    settings,
    `/actions/workflows/${CHECKS_WORKFLOW}/runs?branch=${PRODUCTION_BRANCH}&event=push&status=success&per_page=30`
  )
  const sha = checkedRun(runs, settings.repository)?.head_sha
  if (!sha) {
    say(NOTHING_CHECKED)
    process.exit(1)
  }
  say(
    `Publishing ${sha.slice(0, 7)}, the newest commit of ${PRODUCTION_BRANCH} whose checks passed.` +
      (head && head !== sha
        ? ` The newest commit, ${head.slice(0, 7)}, is not published: its checks have not passed (yet).`
        : '')
  )
  if (output) appendFileSync(output, `sha=${sha}\n`)
}
