// `npm run publish:commit`: which commit publish.yml may publish. Only one
// whose checks passed: the newest commit of main on which the `checks`
// workflow succeeded after a push, as GitHub's API lists its runs. The
// morning schedule, a run by hand and a run after a merge all publish that
// commit, never main's head unseen. Writes `sha=<commit>` to the step's
// outputs ($GITHUB_OUTPUT) and a line to the run's summary; exits 1, saying
// that nothing was published, when no commit of main has passed its checks.
import { appendFileSync } from 'node:fs'
import { api, settingsFrom, type GitHubSettings } from '#tools/ops/github-issue.ts'
import { PRODUCTION_BRANCH } from '#tools/ops/deploy.ts'

/** The workflow whose success on a commit lets it be published. */
export const CHECKS_WORKFLOW = 'checks.yml'

export type WorkflowRun = {
  head_sha: string
  head_branch: string | null
  event: string
  conclusion: string | null
  head_repository?: { full_name?: string } | null
}

/**
 * The newest run (GitHub lists them newest first) that passed on a push to
 * main of this repository. Not a pull request's run: a fork's branch may
 * be called main too, and its commit is not this repository's.
 */
export function checkedRun(runs: readonly WorkflowRun[], repository: string) {
  return runs.find(
    (run) =>
      run.event === 'push' &&
      run.head_branch === PRODUCTION_BRANCH &&
      run.conclusion === 'success' &&
      run.head_repository?.full_name === repository
  )
}

/** What the run will publish, in words; `head` is main's newest commit. */
export function publishLine(sha: string, head: string | undefined): string {
  const short = (commit: string) => commit.slice(0, 7)
  return (
    `Publishing ${short(sha)}, the newest commit of ${PRODUCTION_BRANCH} whose checks passed.` +
    (head && head !== sha
      ? ` The newest commit, ${short(head)}, is not published: its checks have not passed (yet).`
      : '')
  )
}

export const NOTHING_CHECKED =
  `Nothing was published: no commit of ${PRODUCTION_BRANCH} has passed its checks ` +
  `(the ${CHECKS_WORKFLOW} workflow after a push). Look at the checks of the newest commit in the Actions tab.`

export async function newestCheckedCommit(settings: GitHubSettings): Promise<string | undefined> {
  const { workflow_runs: runs } = await api<{ workflow_runs: WorkflowRun[] }>(
    settings,
    `/actions/workflows/${CHECKS_WORKFLOW}/runs?branch=${PRODUCTION_BRANCH}&event=push&status=success&per_page=30`
  )
  return checkedRun(runs, settings.repository)?.head_sha
}

if (import.meta.main) {
  const { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_SHA: head } = process.env
  const say = (line: string) => {
    console.log(line)
    if (summary) appendFileSync(summary, `${line}\n`)
  }
  const settings = settingsFrom(process.env)
  if (typeof settings === 'string') {
    console.error(`publish:commit: ${settings}`)
    process.exit(1)
  }
  const sha = await newestCheckedCommit(settings)
  if (!sha) {
    say(NOTHING_CHECKED)
    process.exit(1)
  }
  say(publishLine(sha, head))
  if (output) appendFileSync(output, `sha=${sha}\n`)
}
