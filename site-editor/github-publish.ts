import { PlainRefusal } from '#site-editor/refusal.ts'

// Publish online merges the entry's pull request, which branch protection
// allows only once the site check passed on an up-to-date branch. Decap would
// "force merge" a refusal; here it is explained, and an out-of-date branch updated.

/** What this needs of Decap's GitHub API object (decap-cms-backend-github, API.ts). */
type Api = {
  originRepoURL: string
  branch: string
  mergeMethod: string
  request(path: string, options?: { method?: string; body?: string }): Promise<unknown>
  mergePR(pull: Pull): Promise<unknown>
}
type Pull = { number: number; head: { sha: string } }
type CheckRun = { id: number; status: string; conclusion: string | null }
type Annotation = { path: string; start_line: number; message: string; annotation_level: string }
type ApiError = { status?: number; message?: string }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's rule for mixins
type GitHubClass = abstract new (...args: any[]) => {
  api: unknown
  authenticate(state: unknown): Promise<unknown>
  deleteFiles(paths: string[], message: string): Promise<unknown>
}

const MERGE_MESSAGE = 'Automatically generated. Merged on Decap CMS.'

export const PUBLISH_WORDS = {
  pending:
    'the site check on this change has not finished yet. It takes a few minutes; try Publish again when it has.',
  failing: (found: string) =>
    `the site check found a mistake in this change: ${found} Open the entry, correct it and save; the check then runs again.`,
  failingNoDetail:
    'the site check on this change failed. Open the entry, correct it and save; the check then runs again.',
  updating:
    'the live site has changed since this change was saved, so the site check now runs again on both together. Try Publish again in a few minutes.',
  conflict:
    'someone else published a change to the same part of this file. Delete this change (its text stays on screen: copy it first), open the entry again and make the change once more.',
  moved: 'this change was saved again while it was being published. Try Publish again.',
  other: (message: string) => `GitHub did not publish this change: ${message}`,
  deleteOnline:
    'A published entry cannot be deleted from the editor: every change to the live site goes through a pull request. Ask a maintainer to delete the file on GitHub, which opens a pull request for it.',
}

/** Why GitHub refused to merge, in words a clerk can act on; brings the branch up to date if that is all. */
async function whyNotPublished(api: Api, pull: Pull, refusal: ApiError): Promise<string> {
  if (refusal.status === 409) return PUBLISH_WORDS.moved
  const get = <T>(path: string) => api.request(`${api.originRepoURL}${path}`) as Promise<T>
  const { check_runs: runs } = await get<{ check_runs: CheckRun[] }>(
    `/commits/${pull.head.sha}/check-runs`
  )
  const passed = ['success', 'skipped', 'neutral']
  const failed = runs.filter((r) => r.status === 'completed' && !passed.includes(r.conclusion!))
  if (failed.length) {
    const notes = await Promise.all(
      failed.map((r) => get<Annotation[]>(`/check-runs/${r.id}/annotations`))
    )
    const found = notes
      .flat()
      .filter((a) => a.annotation_level === 'failure')
      .map((a) => `${a.path} line ${a.start_line}: ${a.message}`)
    return found.length ? PUBLISH_WORDS.failing(found.join(' · ')) : PUBLISH_WORDS.failingNoDetail
  }
  if (runs.length === 0 || runs.some((r) => r.status !== 'completed')) return PUBLISH_WORDS.pending
  const compare = await get<{ behind_by: number }>(`/compare/${api.branch}...${pull.head.sha}`)
  if (!(compare.behind_by > 0)) return PUBLISH_WORDS.other(String(refusal.message))
  try {
    await api.request(`${api.originRepoURL}/pulls/${pull.number}/update-branch`, {
      method: 'PUT',
      body: JSON.stringify({ expected_head_sha: pull.head.sha }),
    })
    return PUBLISH_WORDS.updating
  } catch (error) {
    const message = (error as ApiError).message
    return /conflict/i.test(message ?? '')
      ? PUBLISH_WORDS.conflict
      : PUBLISH_WORDS.other(String(message))
  }
}

/** Merges as Decap does, but never forces a refused merge: says why instead. */
async function mergeOrSayWhy(api: Api, pull: Pull) {
  try {
    return await api.request(`${api.originRepoURL}/pulls/${pull.number}/merge`, {
      method: 'PUT',
      body: JSON.stringify({
        commit_message: MERGE_MESSAGE,
        sha: pull.head.sha,
        merge_method: api.mergeMethod,
      }),
    })
  } catch (error) {
    const status = (error as ApiError).status
    if (status !== 405 && status !== 409 && status !== 422) throw error
    throw new PlainRefusal(await whyNotPublished(api, pull, error as ApiError))
  }
}

/** The GitHub backend with publishing that waits for GitHub's checks, and says why when it must. */
export function withReviewedPublish<T extends GitHubClass>(Base: T): T {
  abstract class Reviewed extends Base {
    async authenticate(state: unknown) {
      const user = await super.authenticate(state)
      const api = this.api as Api
      api.mergePR = (pull) => mergeOrSayWhy(api, pull)
      return user
    }

    // Deleting a published entry would change the live branch without a pull request.
    async deleteFiles(): Promise<never> {
      throw new PlainRefusal(PUBLISH_WORDS.deleteOnline)
    }
  }
  return Reviewed
}
