// GitHub's REST API for the workflows, with the workflow's own token
// (GITHUB_API_URL points it at a stand-in in the tests). Mostly one GitHub
// issue per kind of trouble, kept up to date instead of a new one each time:
// the workflows use it to tell staff, where they already look, that a
// publish failed or that a dependency has an advisory.

export type GitHubSettings = {
  /** owner/name */
  repository: string
  token: string
  /** https://api.github.com, or a stand-in. */
  apiUrl?: string
}

export type IssueResult =
  | { action: 'opened' | 'updated'; number: number; url: string }
  | { action: 'closed'; number: number; url: string }
  | { action: 'nothing' }

type Issue = { number: number; title: string; html_url: string; pull_request?: unknown }

/** The settings from a workflow's environment, or why they are missing. */
export function settingsFrom(env: Record<string, string | undefined>): GitHubSettings | string {
  const missing = ['GITHUB_REPOSITORY', 'GITHUB_TOKEN'].filter((name) => !env[name]?.trim())
  if (missing.length > 0) return `${missing.join(' and ')} not set: GitHub cannot be asked.`
  return {
    repository: env.GITHUB_REPOSITORY!,
    token: env.GITHUB_TOKEN!,
    apiUrl: env.GITHUB_API_URL || undefined,
  }
}

/** A call to the repository's part of GitHub's REST API (`/repos/owner/name` + path). */
export async function api<T>(
  settings: GitHubSettings,
  path: string,
  init: RequestInit = {}
): Promise<T> {
  const base = (settings.apiUrl ?? 'https://api.github.com').replace(/\/$/, '')
  const response = await fetch(`${base}/repos/${settings.repository}${path}`, {
    ...init,
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${settings.token}`,
      'X-GitHub-Api-Version': '2022-11-28',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  })
  if (!response.ok)
    throw new Error(`GitHub answered ${response.status} to ${init.method ?? 'GET'} ${path}`)
  return (await response.json()) as T
}

/** The open issue (not a pull request) with this label, if any: one label per kind of trouble. */
async function findOpen(settings: GitHubSettings, label: string) {
  const issues = await api<Issue[]>(
    settings,
    `/issues?state=open&per_page=100&labels=${encodeURIComponent(label)}`
  )
  return issues.find((issue) => !issue.pull_request)
}

/**
 * Opens the one issue with this label, or gives it this title and text when
 * it is open already. With `body` undefined, closes it if it is open (the
 * trouble is over), saying why in `closing`.
 */
export async function keepIssue(
  settings: GitHubSettings,
  issue: { title: string; label: string; body?: string; closing?: string }
): Promise<IssueResult> {
  const open = await findOpen(settings, issue.label)
  if (issue.body === undefined) {
    if (!open) return { action: 'nothing' }
    if (issue.closing)
      await api(settings, `/issues/${open.number}/comments`, {
        method: 'POST',
        body: JSON.stringify({ body: issue.closing }),
      })
    await api(settings, `/issues/${open.number}`, {
      method: 'PATCH',
      body: JSON.stringify({ state: 'closed' }),
    })
    return { action: 'closed', number: open.number, url: open.html_url }
  }
  if (open) {
    await api(settings, `/issues/${open.number}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: issue.title, body: issue.body }),
    })
    return { action: 'updated', number: open.number, url: open.html_url }
  }
  const made = await api<Issue>(settings, '/issues', {
    method: 'POST',
    body: JSON.stringify({ title: issue.title, body: issue.body, labels: [issue.label] }),
  })
  return { action: 'opened', number: made.number, url: made.html_url }
}
