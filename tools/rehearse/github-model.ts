import type { GitStore, Person } from '#tools/rehearse/git-store.ts'
import { PASSING, type Annotation } from '#site-editor/checks.ts'

// What the GitHub stand-in knows (users, repositories and forks over one git store, pull requests,
// check runs), and GitHub's rules and refusals: branch protection of main as deploy/README.md asks.

/** An answer GitHub gives instead of what was asked: its status, message and details. */
export class GitHubError extends Error {
  readonly status: number
  readonly extra: Record<string, unknown>
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.extra = extra
  }
}
export const notFound = (message = 'Not Found') => new GitHubError(404, message)
export function found<T>(item: T | undefined, message?: string): T {
  if (item === undefined) throw notFound(message)
  return item
}
export const unprocessable = (message: string) => new GitHubError(422, message)
const invalidPull = (message: string, field?: string) =>
  new GitHubError(422, 'Validation Failed', {
    errors: [{ resource: 'PullRequest', code: 'custom', ...(field ? { field } : {}), message }],
  })
const methodNotAllowed = (message: string) => new GitHubError(405, message)

export type StandInUser = { login: string; name: string; write: boolean }
export type Repo = { owner: string; name: string; parent?: Repo }
export type Pull = {
  number: number
  title: string
  state: 'open' | 'closed'
  user: string
  head: { repo: Repo; ref: string; sha: string }
  base: string
  labels: string[]
  created: string
  updated: string
  merged?: { at: string; sha: string; by: string }
}
export type CheckRun = {
  id: number
  name: string
  sha: string
  status: 'queued' | 'in_progress' | 'completed'
  conclusion?: string
  annotations: Annotation[]
  output?: { title: string; summary: string; text?: string }
  /** Which run of its job this is (a re-run is the next). */
  attempt: number
}
/** A commit status (the preview's address, as Decap reads it). */
export type Status = {
  sha: string
  context: string
  state: string
  target_url: string
  description: string
}

export type Body = Record<string, unknown>
type RefUpdate = { force?: boolean; create?: boolean; viaMerge?: boolean }
/** The default branch, the one protected. */
export const MAIN = 'main'
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const GITHUB = { name: 'GitHub', email: 'noreply@github.com' }

export class GitHubModel {
  readonly pulls: Pull[] = []
  readonly checkRuns: CheckRun[] = []
  readonly statuses: Status[] = []
  readonly origin: Repo
  readonly repos: Repo[]
  /** headChanged: a pull request opened or its branch moved (check it); merged (publish it);
   * rerun: a job asked to run again (POST …/actions/jobs/:id/rerun). */
  events: Partial<Record<'headChanged' | 'merged', (pull: Pull) => void>> & {
    rerun?: (run: CheckRun) => void
  } = {}
  readonly store: GitStore
  readonly users: StandInUser[]
  /** The checks (by job name) that must pass, on a branch up to date with main, to merge into it. */
  readonly requiredChecks: string[]

  constructor(store: GitStore, origin: Repo, users: StandInUser[], requiredChecks: string[]) {
    this.store = store
    this.users = users
    this.requiredChecks = requiredChecks
    this.origin = { ...origin }
    this.repos = [this.origin]
  }

  fullName = (repo: Repo) => `${repo.owner}/${repo.name}`
  user = (login: string) => this.users.find((u) => same(u.login, login))
  /** Each user commits as GitHub's no-reply address for them. */
  person = (login: string): Person => ({
    name: this.user(login)?.name ?? login,
    email: `${login}@users.noreply.github.com`,
  })
  /** A commit GitHub makes on a user's behalf (a merge), authored by them. */
  commitByGitHub = (tree: string, parents: string[], message: string, login: string) =>
    this.store.commit({ tree, parents, message, author: this.person(login), committer: GITHUB })
  ownedBy = (owner: string) => this.repos.find((r) => same(r.owner, owner))
  repo = (owner: string, name: string) =>
    found(this.repos.find((r) => same(r.owner, owner) && same(r.name, name)))

  /** A user's permission on a repository: a fork is its owner's. */
  permission(repo: Repo, login: string | undefined): 'admin' | 'write' | 'read' {
    if (!login) return 'read'
    if (repo.parent) return same(repo.owner, login) ? 'admin' : 'read'
    return this.user(login)?.write ? 'write' : 'read'
  }
  canPush = (repo: Repo, login: string | undefined) => this.permission(repo, login) !== 'read'

  /** A fork's branches are kept beside the site's, under refs/forks/<owner>/heads/. */
  refPrefix = (repo: Repo) => (repo.parent ? `refs/forks/${repo.owner}/heads/` : 'refs/heads/')
  branchSha = (repo: Repo, branch: string) => this.store.resolve(this.refPrefix(repo) + branch)
  branches = (repo: Repo, prefix = '') => this.store.refs(this.refPrefix(repo), prefix)

  /** A commit named by a branch of `repo`, `owner:branch` of the network, or a commit id. */
  resolve(repo: Repo, rev: string): string | undefined {
    const [owner, branch] = rev.split(/:(.*)/s) as [string, string?]
    if (branch !== undefined) {
      const other = this.ownedBy(owner)
      return other && this.branchSha(other, branch)
    }
    const sha = /^[0-9a-f]{4,40}$/.test(rev) ? this.store.resolve(rev) : undefined
    return this.branchSha(repo, rev) ?? sha
  }

  /** Moves (or creates) a branch, as GitHub's ref endpoints do, protection included. */
  setBranch(repo: Repo, branch: string, sha: string, options: RefUpdate = {}) {
    if (!this.store.resolve(sha)) throw unprocessable('Object does not exist')
    const current = this.branchSha(repo, branch)
    if (options.create && current) throw unprocessable('Reference already exists')
    if (!options.create && !current) throw unprocessable('Reference does not exist')
    if (this.isProtected(repo, branch) && !options.viaMerge)
      throw unprocessable('Changes must be made through a pull request.')
    if (current && !options.force && !this.store.isAncestor(current, sha))
      throw unprocessable('Update is not a fast forward')
    this.store.git(['update-ref', this.refPrefix(repo) + branch, sha])
    for (const pull of this.openPullsOf(repo, branch)) {
      if (pull.head.sha === sha) continue
      pull.head.sha = sha
      pull.updated = now()
      this.events.headChanged?.(pull)
    }
  }

  deleteBranch(repo: Repo, branch: string) {
    if (!this.branchSha(repo, branch)) throw unprocessable('Reference does not exist')
    if (this.isProtected(repo, branch)) throw unprocessable('Cannot delete this protected branch')
    this.store.git(['update-ref', '-d', this.refPrefix(repo) + branch])
    // GitHub closes the open pull requests of a deleted branch.
    for (const pull of this.openPullsOf(repo, branch)) this.close(pull)
  }

  private isProtected = (repo: Repo, branch: string) => repo === this.origin && branch === MAIN
  private openPullsOf = (repo: Repo, branch: string) =>
    this.pulls.filter((p) => p.state === 'open' && p.head.repo === repo && p.head.ref === branch)

  /** Forks the repository for a user, with all its branches (or returns their fork). */
  fork(parent: Repo, login: string): Repo {
    const existing = this.ownedBy(login)
    if (existing) return existing
    const fork: Repo = { owner: login, name: parent.name, parent }
    for (const { name, sha } of this.branches(parent))
      this.store.git(['update-ref', this.refPrefix(fork) + name, sha])
    this.repos.push(fork)
    return fork
  }

  pull = (number: number) => found(this.pulls.find((p) => p.number === number))

  createPull(base: Repo, login: string, input: Body): Pull {
    const baseBranch = String(input.base ?? '')
    const headSpec = String(input.head ?? '')
    const baseSha = this.branchSha(base, baseBranch)
    if (!baseSha) throw invalidPull('base', 'base')
    const [, owner = base.owner, branch = ''] = /^(?:(.*?):)?(.*)$/s.exec(headSpec)!
    const headRepo = this.ownedBy(owner)
    const headSha = headRepo && this.branchSha(headRepo, branch)
    if (!headRepo || !headSha) throw invalidPull('head', 'head')
    if (this.openPullsOf(headRepo, branch).some((p) => p.base === baseBranch))
      throw invalidPull(`A pull request already exists for ${headRepo.owner}:${branch}.`)
    if (this.store.isAncestor(headSha, baseSha))
      throw invalidPull(`No commits between ${baseBranch} and ${headSpec}`)
    const pull: Pull = {
      number: this.pulls.length + 1,
      title: String(input.title ?? branch),
      state: 'open',
      user: login,
      head: { repo: headRepo, ref: branch, sha: headSha },
      base: baseBranch,
      labels: [],
      created: now(),
      updated: now(),
    }
    this.pulls.push(pull)
    this.events.headChanged?.(pull)
    return pull
  }

  close = (pull: Pull) => Object.assign(pull, { state: 'closed', updated: now() })

  reopen(pull: Pull) {
    const sha = this.branchSha(pull.head.repo, pull.head.ref)
    const cannot = (why: string) => invalidPull(`state cannot be changed. The ${why}.`, 'state')
    if (pull.merged) throw cannot('pull request has been merged')
    if (!sha) throw cannot(`${pull.head.ref} branch has been deleted`)
    Object.assign(pull, { state: 'open', updated: now(), head: { ...pull.head, sha } })
    this.events.headChanged?.(pull)
  }

  baseSha = (pull: Pull) => this.branchSha(this.origin, pull.base)!
  isBehind = (pull: Pull) => !this.store.isAncestor(this.baseSha(pull), pull.head.sha)
  latestChecks = (sha: string) => [
    ...new Map(this.checkRuns.filter((r) => r.sha === sha).map((r) => [r.name, r])).values(),
  ]

  startCheck(sha: string, name: string, attempt = 1) {
    const run: CheckRun = { id: 0, name, sha, status: 'queued', annotations: [], attempt }
    run.id = this.checkRuns.push(run)
    return run
  }
}

/** Why branch protection refuses to merge this pull request now, as GitHub says it; or nothing. */
function protectionRefusal(model: GitHubModel, pull: Pull): GitHubError | undefined {
  const { requiredChecks: required } = model
  if (pull.base !== MAIN) return undefined
  const runs = model.latestChecks(pull.head.sha)
  const run = (name: string) => runs.find((r) => r.name === name)
  // On a branch behind its base, GitHub counts every required check as not yet reported.
  const behind = model.isBehind(pull)
  const expected = required.filter((name) => behind || run(name)?.status !== 'completed')
  // Skipped and neutral pass a required check, as on GitHub.
  const failing = required.filter(
    (name) => !expected.includes(name) && !PASSING.includes(run(name)?.conclusion ?? '')
  )
  const [names, state] = expected.length ? [expected, 'expected'] : [failing, 'failing']
  if (names.length === 0) return undefined
  const message =
    required.length === 1
      ? `Required status check "${names[0]}" is ${state}.`
      : `${names.length} of ${required.length} required status checks are ${state}.`
  return methodNotAllowed(message)
}

export function mergeableState(model: GitHubModel, pull: Pull) {
  if (!model.store.mergedTree(model.baseSha(pull), pull.head.sha)) return 'dirty'
  if (model.isBehind(pull)) return 'behind'
  return protectionRefusal(model, pull) ? 'blocked' : 'clean'
}

/** PUT …/pulls/:n/merge: merges as GitHub does, or refuses with its answer. */
export function merge(model: GitHubModel, pull: Pull, login: string, input: Body) {
  if (!model.canPush(model.origin, login))
    throw new GitHubError(403, 'Must have push access to repository')
  if (pull.state !== 'open') throw methodNotAllowed('Pull Request is not mergeable')
  if (input.sha !== undefined && input.sha !== pull.head.sha)
    throw new GitHubError(409, 'Head branch was modified. Review and try the merge again.')
  const refusal = protectionRefusal(model, pull)
  if (refusal) throw refusal
  const base = model.baseSha(pull)
  const tree = model.store.mergedTree(base, pull.head.sha)
  if (!tree) throw methodNotAllowed('Pull Request is not mergeable')
  const method = String(input.merge_method ?? 'merge')
  if (!['merge', 'squash', 'rebase'].includes(method))
    throw invalidPull('Invalid merge_method', 'merge_method')
  const title = input.commit_title ? String(input.commit_title) : `${pull.title} (#${pull.number})`
  const parents = method === 'merge' ? [base, pull.head.sha] : [base]
  const message = input.commit_message ? `${title}\n\n${String(input.commit_message)}` : title
  const sha = model.commitByGitHub(tree, parents, message, method === 'merge' ? login : pull.user)
  model.setBranch(model.origin, pull.base, sha, { viaMerge: true })
  pull.merged = { at: now(), sha, by: login }
  model.close(pull)
  model.events.merged?.(pull)
  return { sha, merged: true, message: 'Pull Request successfully merged' }
}

/** PUT …/pulls/:n/update-branch: merges the base into the pull request's branch. */
export function updateBranch(model: GitHubModel, pull: Pull, login: string, expected?: unknown) {
  if (!model.canPush(pull.head.repo, login) && !model.canPush(model.origin, login)) throw notFound()
  if (expected !== undefined && expected !== pull.head.sha)
    throw unprocessable("expected head sha didn't match current head ref.")
  const base = model.baseSha(pull)
  if (model.store.isAncestor(base, pull.head.sha))
    throw unprocessable('There are no new commits on the base branch.')
  const tree = model.store.mergedTree(pull.head.sha, base)
  if (!tree) throw unprocessable('merge conflict between base and head')
  const message = `Merge branch '${pull.base}' into ${pull.head.ref}`
  const sha = model.commitByGitHub(tree, [pull.head.sha, base], message, login)
  model.setBranch(pull.head.repo, pull.head.ref, sha)
  return { message: 'Updating pull request branch.' }
}
