import type { GitStore, Person } from '#tools/rehearse/git-store.ts'
import {
  GitHubError,
  notFound,
  unprocessable,
  validationFailed,
} from '#tools/rehearse/github-http.ts'

// What the GitHub stand-in knows, and the rules GitHub applies to it: who
// may write where, branches and forks over one git store, pull requests
// with their labels, check runs, and branch protection on the default
// branch as deploy/README.md asks the owners to set it (changes only
// through pull requests, required checks passed on an up-to-date branch).

export type StandInUser = { login: string; name: string; write: boolean }

export type Repo = {
  owner: string
  name: string
  /** For a fork: the repository it was forked from. */
  parent?: Repo
  /** Where its branches live in the store. */
  refPrefix: string
  created: string
}

export type Pull = {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  user: string
  head: { repo: Repo; ref: string; sha: string }
  base: string
  labels: string[]
  created: string
  updated: string
  closed?: string
  merged?: { at: string; sha: string; by: string }
}

export type Annotation = {
  path: string
  line: number
  level: 'failure' | 'warning' | 'notice'
  title: string
  message: string
}

export type CheckRun = {
  id: number
  name: string
  sha: string
  status: 'queued' | 'in_progress' | 'completed'
  conclusion?: 'success' | 'failure' | 'cancelled'
  started?: string
  completed?: string
  summary: string
  annotations: Annotation[]
}

export type Protection = {
  branch: string
  /** The check runs that must have passed, by name (a workflow job's name). */
  requiredChecks: string[]
  /** "Require branches to be up to date before merging". */
  strict: boolean
}

export type ModelEvents = {
  /** A pull request was opened, or its branch moved: its checks should run. */
  headChanged?: (pull: Pull) => void
  /** A pull request was merged into the default branch: the site should be published. */
  merged?: (pull: Pull) => void
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')

export class GitHubModel {
  readonly repos = new Map<string, Repo>()
  readonly pulls: Pull[] = []
  readonly checkRuns: CheckRun[] = []
  readonly origin: Repo
  events: ModelEvents = {}

  readonly store: GitStore
  readonly users: StandInUser[]
  readonly protection: Protection

  constructor(
    store: GitStore,
    origin: { owner: string; name: string },
    users: StandInUser[],
    protection: Protection
  ) {
    this.store = store
    this.users = users
    this.protection = protection
    this.origin = { ...origin, refPrefix: 'refs/heads/', created: now() }
    this.repos.set(this.key(this.origin), this.origin)
  }

  private key = (repo: { owner: string; name: string }) =>
    `${repo.owner}/${repo.name}`.toLowerCase()
  fullName = (repo: Repo) => `${repo.owner}/${repo.name}`

  user(login: string): StandInUser | undefined {
    return this.users.find((u) => u.login.toLowerCase() === login.toLowerCase())
  }

  /** Each user commits as GitHub's no-reply address for them. */
  person(login: string): Person {
    const user = this.user(login)
    return { name: user?.name ?? login, email: `${login}@users.noreply.github.com` }
  }

  repo(owner: string, name: string): Repo {
    const repo = this.repos.get(this.key({ owner, name }))
    if (!repo) throw notFound()
    return repo
  }

  /** A user's permission on a repository: a fork is its owner's. */
  permission(repo: Repo, login: string | undefined): 'admin' | 'write' | 'read' {
    if (!login) return 'read'
    if (repo.parent) return repo.owner.toLowerCase() === login.toLowerCase() ? 'admin' : 'read'
    return this.user(login)?.write ? 'write' : 'read'
  }

  canPush = (repo: Repo, login: string | undefined) => this.permission(repo, login) !== 'read'

  /** Throws GitHub's answer to a write without push access (it hides the repository). */
  mustPush(repo: Repo, login: string | undefined) {
    if (!this.canPush(repo, login)) throw notFound()
  }

  branchRef = (repo: Repo, branch: string) => `${repo.refPrefix}${branch}`
  branchSha = (repo: Repo, branch: string) => this.store.resolve(this.branchRef(repo, branch))

  branches(repo: Repo, prefix = ''): { name: string; sha: string }[] {
    return this.store
      .refs(`${repo.refPrefix}${prefix}`)
      .filter(({ ref }) => ref.startsWith(this.branchRef(repo, prefix)))
      .map(({ ref, sha }) => ({ name: ref.slice(repo.refPrefix.length), sha }))
  }

  /** A commit named by a branch of `repo`, `owner:branch` of its network, or a commit id. */
  resolve(repo: Repo, rev: string): string | undefined {
    const colon = rev.indexOf(':')
    if (colon > 0) {
      const owner = rev.slice(0, colon)
      const other = [...this.repos.values()].find(
        (r) =>
          r.owner.toLowerCase() === owner.toLowerCase() &&
          (r === repo || r.parent === repo || repo.parent === r || r.parent === repo.parent)
      )
      return other && this.branchSha(other, rev.slice(colon + 1))
    }
    return (
      this.branchSha(repo, rev) ??
      (/^[0-9a-f]{4,40}$/.test(rev) ? this.store.resolve(rev) : undefined)
    )
  }

  /** Moves (or creates) a branch, as GitHub's ref endpoints do, protection included. */
  setBranch(
    repo: Repo,
    branch: string,
    sha: string,
    options: { force?: boolean; create?: boolean; viaMerge?: boolean } = {}
  ) {
    if (!this.store.resolve(sha)) throw unprocessable('Object does not exist')
    const current = this.branchSha(repo, branch)
    if (options.create && current) throw unprocessable('Reference already exists')
    if (!options.create && !current) throw unprocessable('Reference does not exist')
    if (repo === this.origin && branch === this.protection.branch && !options.viaMerge)
      throw unprocessable('Changes must be made through a pull request.')
    if (current && !options.force && !this.store.isAncestor(current, sha))
      throw unprocessable('Update is not a fast forward')
    this.store.setRef(this.branchRef(repo, branch), sha)
    this.branchMoved(repo, branch, sha)
  }

  deleteBranch(repo: Repo, branch: string) {
    if (!this.branchSha(repo, branch)) throw unprocessable('Reference does not exist')
    if (repo === this.origin && branch === this.protection.branch)
      throw unprocessable('Cannot delete this protected branch')
    this.store.deleteRef(this.branchRef(repo, branch))
    // GitHub closes the open pull requests of a deleted branch.
    for (const pull of this.openPullsOf(repo, branch)) this.close(pull)
  }

  private openPullsOf = (repo: Repo, branch: string) =>
    this.pulls.filter((p) => p.state === 'open' && p.head.repo === repo && p.head.ref === branch)

  private branchMoved(repo: Repo, branch: string, sha: string) {
    for (const pull of this.openPullsOf(repo, branch)) {
      if (pull.head.sha === sha) continue
      pull.head.sha = sha
      pull.updated = now()
      this.events.headChanged?.(pull)
    }
  }

  /** Forks the repository for a user, with all its branches (or returns their fork). */
  fork(parent: Repo, login: string): Repo {
    const existing = this.repos.get(this.key({ owner: login, name: parent.name }))
    if (existing) return existing
    const fork: Repo = {
      owner: login,
      name: parent.name,
      parent,
      refPrefix: `refs/forks/${login}/heads/`,
      created: now(),
    }
    for (const { name, sha } of this.branches(parent))
      this.store.setRef(this.branchRef(fork, name), sha)
    this.repos.set(this.key(fork), fork)
    return fork
  }

  pull(number: number): Pull {
    const pull = this.pulls.find((p) => p.number === number)
    if (!pull) throw notFound()
    return pull
  }

  createPull(
    base: Repo,
    login: string,
    input: { title?: unknown; body?: unknown; head?: unknown; base?: unknown }
  ): Pull {
    const baseBranch = String(input.base ?? '')
    const headSpec = String(input.head ?? '')
    if (!this.branchSha(base, baseBranch)) throw validationFailed('PullRequest', 'base', 'base')
    const [owner, branch] = headSpec.includes(':')
      ? headSpec.split(/:(.*)/s)
      : [base.owner, headSpec]
    const headRepo = [...this.repos.values()].find(
      (r) => r.owner.toLowerCase() === owner!.toLowerCase() && (r === base || r.parent === base)
    )
    const headSha = headRepo && this.branchSha(headRepo, branch!)
    if (!headRepo || !headSha) throw validationFailed('PullRequest', 'head', 'head')
    if (this.openPullsOf(headRepo, branch!).some((p) => p.base === baseBranch))
      throw validationFailed(
        'PullRequest',
        `A pull request already exists for ${headRepo.owner}:${branch}.`
      )
    if (this.store.isAncestor(headSha, this.branchSha(base, baseBranch)!))
      throw validationFailed('PullRequest', `No commits between ${baseBranch} and ${headSpec}`)
    const pull: Pull = {
      number: this.pulls.length + 1,
      title: String(input.title ?? branch),
      body: String(input.body ?? ''),
      state: 'open',
      user: login,
      head: { repo: headRepo, ref: branch!, sha: headSha },
      base: baseBranch,
      labels: [],
      created: now(),
      updated: now(),
    }
    this.pulls.push(pull)
    this.events.headChanged?.(pull)
    return pull
  }

  close(pull: Pull) {
    pull.state = 'closed'
    pull.closed = pull.updated = now()
  }

  reopen(pull: Pull) {
    if (pull.merged)
      throw validationFailed(
        'PullRequest',
        'state cannot be changed. The pull request has been merged.',
        'state'
      )
    const sha = this.branchSha(pull.head.repo, pull.head.ref)
    if (!sha)
      throw validationFailed(
        'PullRequest',
        `state cannot be changed. The ${pull.head.ref} branch has been deleted.`,
        'state'
      )
    pull.state = 'open'
    pull.closed = undefined
    pull.updated = now()
    if (sha !== pull.head.sha) pull.head.sha = sha
    this.events.headChanged?.(pull)
  }

  baseSha = (pull: Pull) => this.branchSha(this.origin, pull.base)!

  isBehind = (pull: Pull) => !this.store.isAncestor(this.baseSha(pull), pull.head.sha)

  /** The latest run of each check on a commit. */
  latestChecks(sha: string): CheckRun[] {
    const latest = new Map<string, CheckRun>()
    for (const run of this.checkRuns.filter((r) => r.sha === sha)) latest.set(run.name, run)
    return [...latest.values()]
  }

  /** Why branch protection refuses to merge this pull request now, as GitHub says it; or nothing. */
  protectionRefusal(pull: Pull): GitHubError | undefined {
    const { requiredChecks, strict, branch } = this.protection
    if (pull.base !== branch || requiredChecks.length === 0) return undefined
    const runs = this.latestChecks(pull.head.sha)
    // On a branch behind its base, GitHub counts every required check as not yet reported.
    const behind = strict && this.isBehind(pull)
    const expected = requiredChecks.filter(
      (name) => behind || runs.find((r) => r.name === name)?.status !== 'completed'
    )
    const failing = requiredChecks.filter(
      (name) =>
        !expected.includes(name) && runs.find((r) => r.name === name)?.conclusion !== 'success'
    )
    const say = (names: string[], state: string) =>
      names.length === 1 && requiredChecks.length === 1
        ? `Required status check "${names[0]}" is ${state}.`
        : `${names.length} of ${requiredChecks.length} required status checks are ${state}.`
    if (expected.length) return new GitHubError(405, say(expected, 'expected'))
    if (failing.length) return new GitHubError(405, say(failing, 'failing'))
    return undefined
  }

  mergeableState(pull: Pull): 'clean' | 'behind' | 'blocked' | 'dirty' {
    if (!this.store.mergedTree(this.baseSha(pull), pull.head.sha)) return 'dirty'
    if (this.protection.strict && this.isBehind(pull)) return 'behind'
    return this.protectionRefusal(pull) ? 'blocked' : 'clean'
  }

  /** PUT …/pulls/:n/merge: merges as GitHub does, or refuses with its answer. */
  merge(
    pull: Pull,
    login: string,
    input: {
      sha?: unknown
      merge_method?: unknown
      commit_title?: unknown
      commit_message?: unknown
    }
  ) {
    if (!this.canPush(this.origin, login))
      throw new GitHubError(403, 'Must have push access to repository')
    if (pull.state !== 'open') throw new GitHubError(405, 'Pull Request is not mergeable')
    if (input.sha !== undefined && input.sha !== pull.head.sha)
      throw new GitHubError(409, 'Head branch was modified. Review and try the merge again.')
    const refusal = this.protectionRefusal(pull)
    if (refusal) throw refusal
    const base = this.baseSha(pull)
    const tree = this.store.mergedTree(base, pull.head.sha)
    if (!tree) throw new GitHubError(405, 'Pull Request is not mergeable')
    const method = String(input.merge_method ?? 'merge')
    if (!['merge', 'squash', 'rebase'].includes(method))
      throw validationFailed('PullRequest', 'Invalid merge_method', 'merge_method')
    const title = input.commit_title
      ? String(input.commit_title)
      : `${pull.title} (#${pull.number})`
    const message = input.commit_message ? `${title}\n\n${String(input.commit_message)}` : title
    const sha = this.store.commit({
      tree,
      parents: method === 'merge' ? [base, pull.head.sha] : [base],
      message,
      author: this.person(method === 'merge' ? login : pull.user),
      committer: { name: 'GitHub', email: 'noreply@github.com' },
    })
    this.setBranch(this.origin, pull.base, sha, { viaMerge: true })
    pull.merged = { at: now(), sha, by: login }
    this.close(pull)
    this.events.merged?.(pull)
    return { sha, merged: true, message: 'Pull Request successfully merged' }
  }

  /** PUT …/pulls/:n/update-branch: merges the base into the pull request's branch. */
  updateBranch(pull: Pull, login: string, expected?: unknown) {
    if (!this.canPush(pull.head.repo, login) && !this.canPush(this.origin, login)) throw notFound()
    if (expected !== undefined && expected !== pull.head.sha)
      throw unprocessable("expected head sha didn't match current head ref.")
    const base = this.baseSha(pull)
    if (this.store.isAncestor(base, pull.head.sha))
      throw unprocessable('There are no new commits on the base branch.')
    const tree = this.store.mergedTree(pull.head.sha, base)
    if (!tree) throw unprocessable('merge conflict between base and head')
    const sha = this.store.commit({
      tree,
      parents: [pull.head.sha, base],
      message: `Merge branch '${pull.base}' into ${pull.head.ref}`,
      author: this.person(login),
      committer: { name: 'GitHub', email: 'noreply@github.com' },
    })
    this.setBranch(pull.head.repo, pull.head.ref, sha)
    return { message: 'Updating pull request branch.' }
  }

  startCheck(sha: string, name: string): CheckRun {
    const run: CheckRun = {
      id: this.checkRuns.length + 1,
      name,
      sha,
      status: 'queued',
      summary: '',
      annotations: [],
    }
    this.checkRuns.push(run)
    return run
  }

  checkRun(id: number): CheckRun {
    const run = this.checkRuns.find((r) => r.id === id)
    if (!run) throw notFound()
    return run
  }
}
