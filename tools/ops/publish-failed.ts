// `npm run publish:failed`: after a scheduled publish failed, opens (or
// updates) the one issue that says so, "The site could not be published on
// DATE", so staff see it on GitHub without reading the Actions logs.
import { todayInNewJersey } from '#lib/dates.ts'
import { keepIssue, settingsFrom } from '#tools/ops/github-issue.ts'

export const PUBLISH_FAILED_LABEL = 'publish-failed'

const WORDS = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The issue's title and text for a failed publish on `day` (an ISO day in New Jersey). */
export function publishFailedIssue(day: string, runUrl: string | undefined) {
  const date = WORDS.format(new Date(`${day}T00:00:00Z`))
  return {
    title: `The site could not be published on ${date}`,
    label: PUBLISH_FAILED_LABEL,
    body: [
      `The morning publish on ${date} did not finish, so the site still shows the version from before: an alert that should have started or ended today has not.`,
      '',
      runUrl ? `What happened is in [the run's log](${runUrl}).` : '',
      '',
      'What to do:',
      '',
      '- If the log names a file and a line in `content/`, fix that line (content/README.md says how) and merge the change: merging publishes the site.',
      '- Otherwise, start the publish again from the **Actions** tab (**publish**, then **Run workflow**). If it fails again, ask the site maintainer.',
      '',
      'This issue is updated if the publish fails again, and can be closed once the site is published.',
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  }
}

if (import.meta.main) {
  const settings = settingsFrom(process.env)
  if (typeof settings === 'string') {
    console.error(`publish:failed: ${settings}`)
    process.exit(1)
  }
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = process.env
  const runUrl = server && repo && run ? `${server}/${repo}/actions/runs/${run}` : undefined
  const result = await keepIssue(settings, publishFailedIssue(todayInNewJersey(), runUrl))
  console.log(
    result.action === 'nothing'
      ? 'publish:failed: nothing to do'
      : `publish:failed: ${result.action} ${result.url}`
  )
}
