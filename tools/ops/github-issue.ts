// GitHub's REST API with the workflow's token (GITHUB_API_URL: a stand-in, in the tests), and the
// one issue per kind of trouble (a failed publish, an advisory) that the workflows keep up to date.

type GitHubSettings = { repository: string; token: string; apiUrl?: string }
type Issue = { number: number; html_url: string; pull_request?: unknown }

export function settingsFrom(env: Record<string, string | undefined>): GitHubSettings | string {
  const missing = ['GITHUB_REPOSITORY', 'GITHUB_TOKEN'].filter((name) => !env[name]?.trim())
  if (missing.length > 0) return `${missing.join(' and ')} not set: GitHub cannot be asked.`
  const { GITHUB_REPOSITORY: repository, GITHUB_TOKEN: token, GITHUB_API_URL: apiUrl } = env
  return { repository: repository!, token: token!, apiUrl: apiUrl || undefined }
}

/** The settings, or, when they are missing, `script` says why and exits with `code`. */
export function settingsOrExit(script: string, code = 1) {
  const settings = settingsFrom(process.env)
  if (typeof settings !== 'string') return settings
  console.error(`${script}: ${settings}`)
  return process.exit(code)
}

/** A call to the repository's part of GitHub's REST API (`/repos/owner/name` + path). */
export async function api<T>(github: GitHubSettings, path: string, method = 'GET', body?: object) {
  const base = (github.apiUrl ?? 'https://api.github.com').replace(/\/$/, '')
  const response = await fetch(`${base}/repos/${github.repository}${path}`, {
    method,
    body: body && JSON.stringify(body),
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${github.token}`,
      'X-GitHub-Api-Version': '2022-11-28',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
  })
  const { status } = response
  if (!response.ok)
    throw Object.assign(new Error(`GitHub answered ${status} to ${method} ${path}`), { status })
  return (await response.json()) as T
}

// Opens the one open issue (not a pull request) with this label, or gives it this title and text
// when it is open already. With `body` undefined, closes it if it is open (the trouble is over),
// saying why in `closing`.
export async function keepIssue(
  settings: GitHubSettings,
  issue: { title: string; label: string; body?: string; closing?: string }
) {
  const label = encodeURIComponent(issue.label)
  const listed = await api<Issue[]>(settings, `/issues?state=open&per_page=100&labels=${label}`)
  const open = listed.find((found) => !found.pull_request)
  if (issue.body === undefined) {
    if (!open) return { action: 'nothing' } as const
    if (issue.closing)
      await api(settings, `/issues/${open.number}/comments`, 'POST', { body: issue.closing })
    await api(settings, `/issues/${open.number}`, 'PATCH', { state: 'closed' })
    return { action: 'closed', number: open.number, url: open.html_url } as const
  }
  const { title, body } = issue
  const made = open
    ? await api<Issue>(settings, `/issues/${open.number}`, 'PATCH', { title, body })
    : await api<Issue>(settings, '/issues', 'POST', { title, body, labels: [issue.label] })
  return { action: open ? 'updated' : 'opened', number: made.number, url: made.html_url }
}
