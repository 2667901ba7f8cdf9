import type { CommitInfo, Person } from '#tools/rehearse/git-store.ts'
import {
  found,
  GitHubError,
  merge,
  mergeableState,
  notFound,
  MAIN,
  now,
  unprocessable,
  updateBranch,
  type Body,
  type CheckRun,
  type GitHubModel,
  type Pull,
  type Repo,
} from '#tools/rehearse/github-model.ts'
import { SETTINGS_ROUTES } from '#tools/rehearse/github-settings.ts'

// The REST calls Decap's GitHub backend (decap-cms-backend-github: API.ts, implementation.tsx)
// and the editor's Publish (site-editor/backend.ts) make, answered from the model in
// GitHub's shapes, with the fields those callers read.

type Call = {
  model: GitHubModel
  login?: string
  /** The repository of a /repos/:owner/:repo call, else the site's. */
  repo: Repo
  params: string[]
  query: URLSearchParams
  body: Body
  origin: string
}

function repoJson(call: Call, repo: Repo): Record<string, unknown> {
  const permission = call.model.permission(repo, call.login)
  return {
    name: repo.name,
    full_name: call.model.fullName(repo),
    owner: { login: repo.owner },
    fork: Boolean(repo.parent),
    ...(repo.parent ? { parent: repoJson(call, repo.parent) } : {}),
    default_branch: MAIN,
    permissions: { admin: permission === 'admin', push: permission !== 'read', pull: true },
  }
}

const commitJson = ({ sha, author, committer, message, tree, parents }: CommitInfo) => ({
  sha,
  commit: { author, committer, message, tree: { sha: tree } },
  parents: parents.map((sha) => ({ sha })),
})
const refJson = (name: string, sha: string) => ({ ref: `refs/heads/${name}`, object: { sha } })
const labelsJson = (labels: string[]) => labels.map((name, i) => ({ id: i + 1, name }))

function userJson(model: GitHubModel, login: string) {
  const user = found(model.user(login))
  return { login: user.login, id: model.users.indexOf(user) + 1, name: user.name, avatar_url: null }
}

function pullJson(call: Call, pull: Pull) {
  const { model, origin } = call
  const side = (repo: Repo, ref: string, sha: string) => ({ ref, sha, repo: repoJson(call, repo) })
  const state = pull.state === 'open' ? mergeableState(model, pull) : undefined
  return {
    number: pull.number,
    html_url: `${origin}/${model.fullName(model.origin)}/pull/${pull.number}`,
    state: pull.state,
    title: pull.title,
    user: { login: pull.user },
    labels: labelsJson(pull.labels),
    created_at: pull.created,
    updated_at: pull.updated,
    merged_at: pull.merged?.at ?? null,
    mergeable_state: state ?? 'unknown',
    head: side(pull.head.repo, pull.head.ref, pull.head.sha),
    base: side(model.origin, pull.base, model.baseSha(pull)),
  }
}

const checkRunJson = ({ id, name, sha, status, conclusion, output }: CheckRun) => ({
  id,
  name,
  head_sha: sha,
  status,
  conclusion: conclusion ?? null,
  output: { title: null, summary: null, text: null, ...output },
})

const commitOf = (call: Call, rev: string) =>
  found(call.model.resolve(call.repo, rev), `No commit found for SHA: ${rev}`)

const needsLogin = ({ login }: Call) => {
  if (!login) throw new GitHubError(401, 'Requires authentication')
  return login
}
const pullOf = (call: Call) => call.model.pull(Number(call.params[0]))

/** `<branch or commit>:<folder>` or a tree's id, as GET …/git/trees/:tree_sha takes it. */
function treeJson({ model, repo, params, query }: Call) {
  const [rev, path = ''] = params[0]!.split(/:(.*)/s) as [string, string?]
  const commit = model.resolve(repo, rev)
  const folder = path.replace(/^\/|\/$/g, '')
  const named = commit ? (folder ? `${commit}:${folder}` : commit) : rev
  const tree = found(model.store.resolve(named, 'tree'))
  return { sha: tree, tree: model.store.lsTree(tree, query.has('recursive')), truncated: false }
}

function mergeUpstream({ model, repo, body }: Call) {
  const branch = String(body.branch ?? '')
  const upstream = repo.parent && model.branchSha(repo.parent, branch)
  const mine = model.branchSha(repo, branch)
  if (!upstream || !mine) throw unprocessable('Branch not found')
  const base_branch = `${repo.parent!.owner}:${branch}`
  const behind = !model.store.isAncestor(upstream, mine)
  if (behind && !model.store.isAncestor(mine, upstream))
    throw new GitHubError(409, 'There are merge conflicts')
  if (behind) model.setBranch(repo, branch, upstream)
  const [message, merge_type] = behind
    ? [`Successfully fetched and fast-forwarded from upstream ${base_branch}.`, 'fast-forward']
    : [`This branch is not behind the upstream ${base_branch}.`, 'none']
  return { message, merge_type, base_branch }
}

function compare(call: Call) {
  const { store } = call.model
  const [from, to] = call.params.map((rev) => commitOf(call, rev)) as [string, string]
  const base = found(store.mergeBase(from, to))
  const commits = store.commitsBetween(base, to)
  const behind = store.commitsBetween(base, from).length
  const ahead = commits.length
  return {
    status: ahead && behind ? 'diverged' : ahead ? 'ahead' : behind ? 'behind' : 'identical',
    ahead_by: ahead,
    behind_by: behind,
    base_commit: commitJson(store.commitInfo(from)),
    commits: commits.map(commitJson),
    files: store.changedFiles(base, to),
  }
}

function createTree({ model, body }: Call) {
  const base = body.base_tree ? model.store.resolve(String(body.base_tree), 'tree') : undefined
  if (body.base_tree && !base) throw unprocessable('base_tree is not a valid tree oid')
  const entries = (Array.isArray(body.tree) ? body.tree : []) as { path: string; sha?: string }[]
  if (entries.some((e) => e.sha && model.store.objectType(e.sha) !== 'blob'))
    throw unprocessable('GitRPC::BadObjectState')
  const sha = model.store.writeTree(base, entries)
  return { sha, tree: model.store.lsTree(sha, false), truncated: false }
}

function createCommit({ model, login, body }: Call) {
  const tree = String(body.tree ?? '')
  if (model.store.objectType(tree) !== 'tree') throw unprocessable('Tree SHA does not exist')
  const parents = (Array.isArray(body.parents) ? body.parents : []).map(String)
  if (parents.some((p) => model.store.objectType(p) !== 'commit'))
    throw unprocessable('Parent SHA does not exist or is not a commit object')
  const author = (body.author as Person | undefined) ?? model.person(login!)
  const committer = (body.committer as Person | undefined) ?? author
  const message = String(body.message ?? '')
  const sha = model.store.commit({ tree, parents, message, author, committer })
  const { commit, parents: parentsJson } = commitJson(model.store.commitInfo(sha))
  return { ...commit, sha, parents: parentsJson }
}

// Each route: "METHOD path [status, if not 200]", the path a pattern where :repo stands for
// /repos/:owner/:name. Writes to git data and merge-upstream need push access: GitHub hides the
// repository from others (404).
const ROUTES: Record<string, (call: Call) => unknown> = {
  ...SETTINGS_ROUTES,
  'GET /user': (call) => userJson(call.model, needsLogin(call)),
  'GET /users/([^/]+)': ({ model, params }) => userJson(model, params[0]!),
  'GET /search/issues': () => ({ total_count: 0, incomplete_results: false, items: [] }),
  'GET :repo': (call) => repoJson(call, call.repo),
  'GET :repo/collaborators/([^/]+)/permission': ({ model, repo, params }) => ({
    permission: model.permission(repo, params[0]),
  }),
  'POST :repo/forks 202': (call) => repoJson(call, call.model.fork(call.repo, needsLogin(call))),
  'POST :repo/merge-upstream': mergeUpstream,
  'GET :repo/branches/(.+)': ({ model, repo, params }) => {
    const sha = found(model.branchSha(repo, params[0]!), 'Branch not found')
    return { name: params[0], commit: commitJson(model.store.commitInfo(sha)) }
  },
  // One branch answers as one ref; otherwise the refs under that name, as GitHub still answers
  // (Decap lists a fork's branches so).
  'GET :repo/git/refs/heads/(.+)': ({ model, repo, params }) => {
    const sha = model.branchSha(repo, params[0]!)
    if (sha) return refJson(params[0]!, sha)
    const refs = model.branches(repo, params[0]).map((b) => refJson(b.name, b.sha))
    return found(refs.length ? refs : undefined)
  },
  'POST :repo/git/refs 201': ({ model, repo, body }) => {
    const [, name] = /^refs\/heads\/(.+)/.exec(String(body.ref ?? '')) ?? []
    if (!name) throw unprocessable('Reference name is invalid')
    model.setBranch(repo, name, String(body.sha ?? ''), { create: true })
    return refJson(name, String(body.sha))
  },
  'PATCH :repo/git/refs/heads/(.+)': ({ model, repo, body, params }) => {
    model.setBranch(repo, params[0]!, String(body.sha ?? ''), { force: body.force === true })
    return refJson(params[0]!, String(body.sha))
  },
  'DELETE :repo/git/refs/heads/(.+) 204': ({ model, repo, params }) =>
    model.deleteBranch(repo, params[0]!),
  'GET :repo/git/trees/(.+)': treeJson,
  'POST :repo/git/trees 201': createTree,
  'GET :repo/git/blobs/([0-9a-f]{40})': ({ model, params: [sha] }) => {
    if (model.store.objectType(sha!) !== 'blob') throw notFound()
    const content = model.store.readBlob(sha!)
    return { sha, size: content.length, encoding: 'base64', content: content.toString('base64') }
  },
  'POST :repo/git/blobs 201': ({ model, body }) => {
    const encoding = body.encoding === 'base64' ? 'base64' : 'utf8'
    return { sha: model.store.writeBlob(Buffer.from(String(body.content ?? ''), encoding)) }
  },
  'POST :repo/git/commits 201': createCommit,
  'GET :repo/commits': (call) => {
    const { store } = call.model
    const head = commitOf(call, call.query.get('sha') ?? MAIN)
    const paths = call.query.getAll('path')
    return store.history(head, paths).map((sha) => commitJson(store.commitInfo(sha)))
  },
  // The newest run of each check (GitHub's default, filter=latest).
  'GET :repo/commits/(.+)/check-runs': (call) => {
    const runs = call.model.latestChecks(commitOf(call, call.params[0]!))
    return { total_count: runs.length, check_runs: runs.reverse().map(checkRunJson) }
  },
  'GET :repo/check-runs/(\\d+)/annotations': ({ model, params }) =>
    found(model.checkRuns[Number(params[0]) - 1]).annotations,
  // An Actions job's id is its check run's.
  'POST :repo/actions/jobs/(\\d+)/rerun 201': ({ model, login, params }) => {
    const run = found(model.checkRuns[Number(params[0]) - 1])
    if (!model.canPush(model.origin, login))
      throw new GitHubError(403, 'Must have admin rights to Repository.')
    model.events.rerun?.(run)
    return {}
  },
  // The newest status of each context, as Decap's "View preview" reads them.
  'GET :repo/commits/(.+)/status': (call) => {
    const sha = commitOf(call, call.params[0]!)
    const newest = new Map(
      call.model.statuses.filter((s) => s.sha === sha).map((s) => [s.context, s])
    )
    const statuses = [...newest.values()].reverse()
    const state = statuses.some((s) => s.state !== 'success') ? 'pending' : 'success'
    return { sha, state: statuses.length ? state : 'pending', statuses }
  },
  'GET :repo/compare/(.+?)\\.\\.\\.(.+)': compare,
  'GET :repo/pulls': (call) => {
    const { state = 'open', head, base } = Object.fromEntries(call.query)
    const pulls = call.model.pulls.filter(
      (p) =>
        [p.state, 'all'].includes(state) &&
        (!base || p.base === base) &&
        (!head || `${p.head.repo.owner}:${p.head.ref}`.toLowerCase() === head.toLowerCase())
    )
    // All in one page: with no Link header, Decap (per_page=100) asks for no other.
    return pulls.reverse().map((p) => pullJson(call, p))
  },
  'POST :repo/pulls 201': (call) =>
    pullJson(call, call.model.createPull(call.repo, needsLogin(call), call.body)),
  'GET :repo/pulls/(\\d+)': (call) => pullJson(call, pullOf(call)),
  'PATCH :repo/pulls/(\\d+)': (call) => {
    const { model, body, login } = call
    const pull = pullOf(call)
    if (login !== pull.user && !model.canPush(model.origin, login))
      throw new GitHubError(403, 'Must have push access to update this pull request')
    if (body.state === 'closed' && pull.state === 'open') model.close(pull)
    if (body.state === 'open' && pull.state === 'closed') model.reopen(pull)
    return pullJson(call, pull)
  },
  'PUT :repo/pulls/(\\d+)/merge': (call) =>
    merge(call.model, pullOf(call), needsLogin(call), call.body),
  'PUT :repo/pulls/(\\d+)/update-branch 202': (call) =>
    updateBranch(call.model, pullOf(call), needsLogin(call), call.body.expected_head_sha),
  'PUT :repo/issues/(\\d+)/labels': (call) => {
    const pull = pullOf(call)
    if (!call.model.canPush(call.model.origin, call.login))
      throw new GitHubError(403, 'Must have triage access to change labels')
    pull.labels = [...new Set(((call.body.labels as unknown[]) ?? []).map(String))]
    pull.updated = now()
    return labelsJson(pull.labels)
  },
}

/** Answers a call of the REST API: its status and body, or GitHub's error. */
export function answer(method: string, path: string, call: Omit<Call, 'params' | 'repo'>) {
  for (const [key, handler] of Object.entries(ROUTES)) {
    const [m, route, status = 200] = key.split(' ') as [string, string, string?]
    const match = new RegExp(`^${route.replace(':repo', '/repos/([^/]+)/([^/]+)')}$`).exec(path)
    if (m !== method || !match) continue
    const params = match.slice(1).map((p) => decodeURIComponent(p))
    const inRepo = route.startsWith(':repo')
    const repo = inRepo ? call.model.repo(params.shift()!, params.shift()!) : call.model.origin
    const pushOnly = m !== 'GET' && /^:repo\/(git|merge-upstream)/.test(route)
    if (pushOnly && !call.model.canPush(repo, call.login)) throw notFound()
    return [Number(status), handler({ ...call, repo, params })] as const
  }
  throw notFound()
}
