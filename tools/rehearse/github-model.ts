import type { GitStore, Person } from '#tools/rehearse/git-store.ts'
import { notFound, unprocessable, validationFailed } from '#tools/rehearse/github-http.ts'

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

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')

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
    this.origin = { ...origin, refPrefix: 'refs/heads/' }
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

  /** The repository of an owner in this network (the site's, or a fork of it). */
  ownedBy = (owner: string) =>
    [...this.repos.values()].find((r) => r.owner.toLowerCase() === owner.toLowerCase())

  /** A commit named by a branch of `repo`, `owner:branch` of the network, or a commit id. */
  resolve(repo: Repo, rev: string): string | undefined {
    const [owner, branch] = rev.split(/:(.*)/s) as [string, string?]
    if (branch !== undefined) {
      const other = this.ownedBy(owner)
      return other && this.branchSha(other, branch)
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
    const headRepo = this.ownedBy(owner!)
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
