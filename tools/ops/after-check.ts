// `npm run check:after`, in preview.yml when a pull request's checks did not pass: one state from
// the run's check runs and annotations (site-editor/checks.ts). A check that could not finish for
// a reason outside the content runs once more by itself, here, where no editor needs to be open;
// the second time, one issue tells the maintainers. A mistake in the content waits for its author.
import { checkState, failedRuns, type Annotation, type CheckRun } from '#site-editor/checks.ts'
import { api, keepIssue, settingsOrExit } from '#tools/ops/github-issue.ts'

export const CHECK_ISSUE = {
  title: 'A pull request’s check could not finish',
  label: 'check-could-not-finish',
}

if (import.meta.main) {
  const settings = settingsOrExit('check:after')
  const { HEAD_SHA: sha, RUN_ID: run, RUN_ATTEMPT: attempt, RUN_URL: url } = process.env
  const { check_runs: runs } = await api<{ check_runs: CheckRun[] }>(
    settings,
    `/commits/${sha}/check-runs`
  )
  const notes = await Promise.all(
    failedRuns(runs).map((r) => api<Annotation[]>(settings, `/check-runs/${r.id}/annotations`))
  )
  const { state } = checkState(runs, notes.flat())
  console.log(`check:after: the checks of ${sha?.slice(0, 7)} (attempt ${attempt}): ${state}`)
  if (state !== 'other') process.exit(0)
  if (attempt === '1') await api(settings, `/actions/runs/${run}/rerun-failed-jobs`, 'POST')
  else
    console.log(
      await keepIssue(settings, {
        ...CHECK_ISSUE,
        body: `The checks of ${sha} could not finish twice, for a reason outside the content (a test, the build, the runner or a time-out): ${url}. Staff were told it is not their change; look at the run's log.`,
      })
    )
}
