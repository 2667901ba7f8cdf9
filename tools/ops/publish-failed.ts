// `npm run publish:failed`: after a publish failed, opens (or updates) the one issue that says so,
// so staff see it on GitHub without reading the Actions logs. EVENT is the run's event name.
import { parseIsoDay, todayInNewJersey } from '#lib/dates.ts'
import { keepIssue, settingsOrExit } from '#tools/ops/github-issue.ts'

/** Which publish failed, and what staff miss because of it. */
const KINDS: Record<string, [what: string, missed: string]> = {
  schedule: ['The morning publish', 'an alert that should have started or ended today has not'],
  workflow_run: ['The publish after a change was merged', 'the merged change is not on the site'],
  workflow_dispatch: ['The publish started by hand', 'nothing changed on the site'],
}

/** The issue for a failed publish on `day` (an ISO day in New Jersey), started by `event`. */
export function publishFailedIssue(day: string, runUrl: string | undefined, event = 'schedule') {
  const date = parseIsoDay(day).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
  const [what, missed] = KINDS[event] ?? KINDS.schedule!
  return {
    title: `The site could not be published on ${date}`,
    label: 'publish-failed',
    body: [
      `${what} on ${date} did not finish, so the site still shows the version from before: ${missed}.`,
      '',
      ...(runUrl ? [`What happened is in [the run's log](${runUrl}).`, ''] : []),
      'What to do:',
      '',
      '- If the log names a file and a line in `content/`, fix that line (content/README.md says how) and merge the change: merging publishes the site.',
      '- If it says "Nothing was published" because settings are not set, the one-time set-up is not done: deploy/README.md ("Cloudflare Pages") says how.',
      '- If it says no commit has passed its checks, the newest change on main failed its checks: fix what they found, or ask the site maintainer.',
      '- Otherwise, start the publish again from the **Actions** tab (**publish**, then **Run workflow**). If it fails again, ask the site maintainer.',
      '',
      'This issue is updated if the publish fails again, and can be closed once the site is published.',
    ].join('\n'),
  }
}

if (import.meta.main) {
  const settings = settingsOrExit('publish:failed')
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = process.env
  const runUrl = server && repo && run ? `${server}/${repo}/actions/runs/${run}` : undefined
  const issue = publishFailedIssue(todayInNewJersey(), runUrl, process.env.EVENT)
  const result = await keepIssue(settings, issue)
  console.log(`publish:failed: ${result.action} ${'url' in result ? result.url : ''}`)
}
