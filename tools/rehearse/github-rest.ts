import type { CommitInfo } from '#tools/rehearse/git-store.ts'
import type { CheckRun, GitHubModel, Pull, Repo } from '#tools/rehearse/github-model.ts'
import { GitHubError, notFound, unprocessable } from '#tools/rehearse/github-http.ts'

// The REST calls Decap's GitHub backend makes (decap-cms-backend-github,
// API.ts and implementation.tsx), answered from the model in GitHub's own
// shapes: repositories and permissions, forks, branches and refs, trees,
// blobs, commits, compare, pull requests with labels, merge, check runs.
// Each route is [method, path pattern under /repos/:owner/:repo, handler].

export type Call = {
  model: GitHubModel
  /** The signed-in user, if the request carried a token. */
  login?: string
  repo: Repo
  params: string[]
  query: URLSearchParams
  body: Record<string, unknown>
  /** Where the stand-in answers (its API and its web pages). */
  base: string
}
type Route = [string, RegExp, (call: Call) => unknown]

export function userJson(model: GitHubModel, login: string, base: string) {
  const user = model.user(login)
  if (!user) throw notFound()
  return {
    login: user.login,
    id: model.users.indexOf(user) + 1,
    type: 'User',
    name: user.name,
    html_url: `${base}/${user.login}`,
    avatar_url: null,
  }
}

function repoJson(call: Call, repo: Repo): Record<string, unknown> {
  const { model, login, base } = call
  const full = model.fullName(repo)
  const permission = model.permission(repo, login)
  return {
    id: [...model.repos.values()].indexOf(repo) + 1,
    name: repo.name,
    full_name: full,
    owner: { login: repo.owner, type: repo.parent ? 'User' : 'Organization' },
    private: false,
    fork: Boolean(repo.parent),
    ...(repo.parent
      ? { parent: repoJson(call, repo.parent), source: repoJson(call, repo.parent) }
      : {}),
    html_url: `${base}/${full}`,
    url: `${base}/repos/${full}`,
    default_branch: model.protection.branch,
    created_at: repo.created,
    permissions: {
      admin: permission === 'admin',
      maintain: permission === 'admin',
      push: permission !== 'read',
      triage: permission !== 'read',
      pull: true,
    },
  }
}

function commitJson(call: Call, info: CommitInfo) {
  const url = `${call.base}/repos/${call.model.fullName(call.repo)}`
  return {
    sha: info.sha,
    url: `${url}/commits/${info.sha}`,
    commit: {
      author: info.author,
      committer: info.committer,
      message: info.message,
      tree: { sha: info.tree, url: `${url}/git/trees/${info.tree}` },
    },
    parents: info.parents.map((sha) => ({ sha, url: `${url}/commits/${sha}` })),
  }
}

const refJson = (call: Call, ref: string, sha: string) => ({
  ref,
  url: `${call.base}/repos/${call.model.fullName(call.repo)}/git/${ref}`,
  object: {
    sha,
    type: 'commit',
    url: `${call.base}/repos/${call.model.fullName(call.repo)}/git/commits/${sha}`,
  },
})

function pullJson(call: Call, pull: Pull) {
  const { model, base } = call
  const full = model.fullName(model.origin)
  const side = (repo: Repo, ref: string, sha: string) => ({
    label: `${repo.owner}:${ref}`,
    ref,
    sha,
    user: { login: repo.owner },
    repo: repoJson(call, repo),
  })
  const state = pull.state === 'open' ? model.mergeableState(pull) : undefined
  return {
    url: `${base}/repos/${full}/pulls/${pull.number}`,
    html_url: `${base}/${full}/pull/${pull.number}`,
    id: pull.number,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    body: pull.body,
    user: { login: pull.user },
    labels: pull.labels.map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false })),
    created_at: pull.created,
    updated_at: pull.updated,
    closed_at: pull.closed ?? null,
    merged_at: pull.merged?.at ?? null,
    merge_commit_sha: pull.merged?.sha ?? null,
    merged: Boolean(pull.merged),
    mergeable: state ? state !== 'dirty' : null,
    mergeable_state: state ?? 'unknown',
    draft: false,
    head: side(pull.head.repo, pull.head.ref, pull.head.sha),
    base: side(model.origin, pull.base, model.baseSha(pull)),
  }
}

function checkRunJson(call: Call, run: CheckRun) {
  const full = call.model.fullName(call.model.origin)
  return {
    id: run.id,
    name: run.name,
    head_sha: run.sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    started_at: run.started ?? null,
    completed_at: run.completed ?? null,
    url: `${call.base}/repos/${full}/check-runs/${run.id}`,
    html_url: `${call.base}/${full}/runs/${run.id}`,
    details_url: `${call.base}/${full}/runs/${run.id}`,
    output: {
      title: run.summary ? run.summary.split('\n')[0] : null,
      summary: run.summary || null,
      annotations_count: run.annotations.length,
    },
    app: { slug: 'github-actions', name: 'GitHub Actions' },
  }
}

/** A commit the call names (branch, owner:branch or id), or 404. */
function commitOf(call: Call, rev: string) {
  const sha = call.model.resolve(call.repo, rev)
  if (!sha) throw notFound('No commit found for SHA: ' + rev)
  return sha
}

const pagesOf = <T>(call: Call, items: T[]) => {
  const perPage = Math.min(Number(call.query.get('per_page') ?? 30), 100)
  const page = Number(call.query.get('page') ?? 1)
  return items.slice((page - 1) * perPage, page * perPage)
}

function treeJson(call: Call, treeish: string) {
  const { model, repo } = call
  const colon = treeish.indexOf(':')
  const rev = colon < 0 ? treeish : treeish.slice(0, colon)
  const path = colon < 0 ? '' : treeish.slice(colon + 1).replace(/^\/|\/$/g, '')
  const commit = model.resolve(repo, rev)
  const tree = commit
    ? model.store.resolve(path ? `${commit}:${path}` : commit, 'tree')
    : model.store.resolve(rev, 'tree')
  if (!tree) throw notFound()
  const url = `${call.base}/repos/${model.fullName(repo)}/git/trees`
  return {
    sha: tree,
    url: `${url}/${tree}`,
    tree: model.store
      .lsTree(tree, call.query.get('recursive') !== null)
      .map((e) => ({ ...e, url: `${url}/${e.sha}` })),
    truncated: false,
  }
}

const ROUTES: Route[] = [
  ['GET', /^$/, (call) => repoJson(call, call.repo)],
  [
    'GET',
    /^\/collaborators\/([^/]+)\/permission$/,
    (call) => ({
      permission: call.model.permission(call.repo, call.params[0]),
      user: { login: call.params[0] },
    }),
  ],
  [
    'POST',
    /^\/forks$/,
    (call) => {
      if (!call.login) throw new GitHubError(401, 'Requires authentication')
      return [202, repoJson(call, call.model.fork(call.repo, call.login))]
    },
  ],
  [
    'POST',
    /^\/merge-upstream$/,
    (call) => {
      const { model, repo } = call
      model.mustPush(repo, call.login)
      const branch = String(call.body.branch ?? '')
      const upstream = repo.parent && model.branchSha(repo.parent, branch)
      const mine = model.branchSha(repo, branch)
      if (!upstream || !mine) throw unprocessable('Branch not found')
      const base_branch = `${repo.parent!.owner}:${branch}`
      if (model.store.isAncestor(upstream, mine))
        return {
          message: `This branch is not behind the upstream ${base_branch}.`,
          merge_type: 'none',
          base_branch,
        }
      if (!model.store.isAncestor(mine, upstream))
        throw new GitHubError(409, 'There are merge conflicts')
      model.setBranch(repo, branch, upstream)
      return {
        message: `Successfully fetched and fast-forwarded from upstream ${base_branch}.`,
        merge_type: 'fast-forward',
        base_branch,
      }
    },
  ],
  [
    'GET',
    /^\/branches\/(.+)$/,
    (call) => {
      const name = call.params[0]!
      const sha = call.model.branchSha(call.repo, name)
      if (!sha) throw notFound('Branch not found')
      return {
        name,
        commit: commitJson(call, call.model.store.commitInfo(sha)),
        protected: call.repo === call.model.origin && name === call.model.protection.branch,
      }
    },
  ],
  // An exact branch answers as one ref; otherwise the refs it starts (GitHub's older behaviour, which Decap lists forks' branches with).
  [
    'GET',
    /^\/git\/refs\/heads\/(.+)$/,
    (call) => {
      const sha = call.model.branchSha(call.repo, call.params[0]!)
      return sha ? refJson(call, `refs/heads/${call.params[0]}`, sha) : matchingRefs(call, true)
    },
  ],
  ['GET', /^\/git\/matching-refs\/heads\/(.+)$/, (call) => matchingRefs(call, false)],
  [
    'POST',
    /^\/git\/refs$/,
    (call) => {
      const { model, repo } = call
      model.mustPush(repo, call.login)
      const ref = String(call.body.ref ?? '')
      if (!/^refs\/heads\/.+/.test(ref)) throw unprocessable('Reference name is invalid')
      const branch = ref.slice('refs/heads/'.length)
      model.setBranch(repo, branch, String(call.body.sha ?? ''), { create: true })
      return [201, refJson(call, ref, model.branchSha(repo, branch)!)]
    },
  ],
  [
    'PATCH',
    /^\/git\/refs\/heads\/(.+)$/,
    (call) => {
      const { model, repo } = call
      model.mustPush(repo, call.login)
      const branch = call.params[0]!
      model.setBranch(repo, branch, String(call.body.sha ?? ''), {
        force: call.body.force === true,
      })
      return refJson(call, `refs/heads/${branch}`, model.branchSha(repo, branch)!)
    },
  ],
  [
    'DELETE',
    /^\/git\/refs\/heads\/(.+)$/,
    (call) => {
      call.model.mustPush(call.repo, call.login)
      call.model.deleteBranch(call.repo, call.params[0]!)
      return [204, null]
    },
  ],
  ['GET', /^\/git\/trees\/(.+)$/, (call) => treeJson(call, call.params[0]!)],
  [
    'POST',
    /^\/git\/trees$/,
    (call) => {
      const { model, repo, body } = call
      model.mustPush(repo, call.login)
      const base = body.base_tree ? model.store.resolve(String(body.base_tree), 'tree') : undefined
      if (body.base_tree && !base) throw unprocessable('base_tree is not a valid tree oid')
      const entries = (Array.isArray(body.tree) ? body.tree : []) as {
        path: string
        mode?: string
        sha?: string | null
        content?: string
      }[]
      for (const e of entries)
        if (e.sha && model.store.objectType(e.sha) !== 'blob')
          throw unprocessable('GitRPC::BadObjectState')
      const sha = model.store.writeTree(base, entries)
      return [201, treeJson({ ...call, query: new URLSearchParams() }, sha)]
    },
  ],
  [
    'GET',
    /^\/git\/blobs\/([0-9a-f]{40})$/,
    (call) => {
      const sha = call.params[0]!
      if (call.model.store.objectType(sha) !== 'blob') throw notFound()
      const content = call.model.store.readBlob(sha)
      return {
        sha,
        size: content.length,
        encoding: 'base64',
        content: content.toString('base64').replace(/.{60}/g, '$&\n'),
      }
    },
  ],
  [
    'POST',
    /^\/git\/blobs$/,
    (call) => {
      call.model.mustPush(call.repo, call.login)
      const encoding = String(call.body.encoding ?? 'utf-8')
      const sha = call.model.store.writeBlob(
        Buffer.from(String(call.body.content ?? ''), encoding === 'base64' ? 'base64' : 'utf8')
      )
      return [
        201,
        { sha, url: `${call.base}/repos/${call.model.fullName(call.repo)}/git/blobs/${sha}` },
      ]
    },
  ],
  [
    'POST',
    /^\/git\/commits$/,
    (call) => {
      const { model, repo, body, login } = call
      model.mustPush(repo, login)
      const tree = String(body.tree ?? '')
      if (model.store.objectType(tree) !== 'tree') throw unprocessable('Tree SHA does not exist')
      const parents = (Array.isArray(body.parents) ? body.parents : []).map(String)
      if (parents.some((p) => model.store.objectType(p) !== 'commit'))
        throw unprocessable('Parent SHA does not exist or is not a commit object')
      const me = model.person(login!)
      const author =
        (body.author as { name: string; email: string; date?: string } | undefined) ?? me
      const sha = model.store.commit({
        tree,
        parents,
        message: String(body.message ?? ''),
        author,
        committer: (body.committer as typeof author | undefined) ?? author,
      })
      const info = model.store.commitInfo(sha)
      return [
        201,
        {
          sha,
          tree: { sha: info.tree },
          parents: info.parents.map((p) => ({ sha: p })),
          author: info.author,
          committer: info.committer,
          message: info.message,
        },
      ]
    },
  ],
  [
    'GET',
    /^\/commits$/,
    (call) => {
      const head = commitOf(call, call.query.get('sha') ?? call.model.protection.branch)
      const path = call.query.get('path')
      const list = call.model.store.git([
        'rev-list',
        '--max-count=100',
        head,
        ...(path ? ['--', path] : []),
      ])
      return pagesOf(call, list ? list.split('\n') : []).map((sha) =>
        commitJson(call, call.model.store.commitInfo(sha))
      )
    },
  ],
  [
    'GET',
    /^\/commits\/(.+)\/status$/,
    (call) => ({
      state: 'pending',
      sha: commitOf(call, call.params[0]!),
      statuses: [],
      total_count: 0,
    }),
  ],
  [
    'GET',
    /^\/commits\/(.+)\/check-runs$/,
    (call) => {
      const runs = call.model.checkRuns
        .filter((r) => r.sha === commitOf(call, call.params[0]!))
        .reverse()
      return { total_count: runs.length, check_runs: runs.map((r) => checkRunJson(call, r)) }
    },
  ],
  [
    'GET',
    /^\/check-runs\/(\d+)$/,
    (call) => checkRunJson(call, call.model.checkRun(Number(call.params[0]))),
  ],
  [
    'GET',
    /^\/check-runs\/(\d+)\/annotations$/,
    (call) =>
      call.model.checkRun(Number(call.params[0])).annotations.map((a) => ({
        path: a.path,
        start_line: a.line,
        end_line: a.line,
        annotation_level: a.level,
        title: a.title,
        message: a.message,
      })),
  ],
  [
    'GET',
    /^\/compare\/(.+?)\.\.\.(.+)$/,
    (call) => {
      const { store } = call.model
      const [from, to] = [commitOf(call, call.params[0]!), commitOf(call, call.params[1]!)]
      const base = store.mergeBase(from, to)
      if (!base) throw notFound()
      const commits = store.commitsBetween(base, to)
      const behind = store.commitsBetween(base, from).length
      return {
        status:
          commits.length && behind
            ? 'diverged'
            : commits.length
              ? 'ahead'
              : behind
                ? 'behind'
                : 'identical',
        ahead_by: commits.length,
        behind_by: behind,
        total_commits: commits.length,
        base_commit: commitJson(call, store.commitInfo(from)),
        merge_base_commit: commitJson(call, store.commitInfo(base)),
        commits: commits.map((c) => commitJson(call, c)),
        files: store.changedFiles(base, to),
      }
    },
  ],
  [
    'GET',
    /^\/pulls$/,
    (call) => {
      const { model, query } = call
      const state = query.get('state') ?? 'open'
      const head = query.get('head')
      const pulls = model.pulls
        .filter((p) => state === 'all' || p.state === state)
        .filter((p) => !query.get('base') || p.base === query.get('base'))
        .filter(
          (p) => !head || `${p.head.repo.owner}:${p.head.ref}`.toLowerCase() === head.toLowerCase()
        )
        .reverse()
      return pagesOf(call, pulls).map((p) => pullJson(call, p))
    },
  ],
  [
    'POST',
    /^\/pulls$/,
    (call) => {
      if (!call.login) throw new GitHubError(401, 'Requires authentication')
      return [201, pullJson(call, call.model.createPull(call.repo, call.login, call.body))]
    },
  ],
  ['GET', /^\/pulls\/(\d+)$/, (call) => pullJson(call, call.model.pull(Number(call.params[0])))],
  [
    'PATCH',
    /^\/pulls\/(\d+)$/,
    (call) => {
      const { model, body, login } = call
      const pull = model.pull(Number(call.params[0]))
      if (login !== pull.user && !model.canPush(model.origin, login))
        throw new GitHubError(403, 'Must have push access to update this pull request')
      if (body.title !== undefined) pull.title = String(body.title)
      if (body.body !== undefined) pull.body = String(body.body)
      if (body.state === 'closed' && pull.state === 'open') model.close(pull)
      if (body.state === 'open' && pull.state === 'closed') model.reopen(pull)
      return pullJson(call, pull)
    },
  ],
  [
    'GET',
    /^\/pulls\/(\d+)\/commits$/,
    (call) => {
      const pull = call.model.pull(Number(call.params[0]))
      const base = call.model.store.mergeBase(call.model.baseSha(pull), pull.head.sha)!
      return call.model.store.commitsBetween(base, pull.head.sha).map((c) => commitJson(call, c))
    },
  ],
  [
    'PUT',
    /^\/pulls\/(\d+)\/merge$/,
    (call) => call.model.merge(call.model.pull(Number(call.params[0])), call.login!, call.body),
  ],
  [
    'PUT',
    /^\/pulls\/(\d+)\/update-branch$/,
    (call) => [
      202,
      call.model.updateBranch(
        call.model.pull(Number(call.params[0])),
        call.login!,
        call.body.expected_head_sha
      ),
    ],
  ],
  [
    'PUT',
    /^\/issues\/(\d+)\/labels$/,
    (call) => setLabels(call, () => (call.body.labels as string[]) ?? []),
  ],
  [
    'POST',
    /^\/issues\/(\d+)\/labels$/,
    (call) => setLabels(call, (old) => [...old, ...((call.body.labels as string[]) ?? [])]),
  ],
  [
    'DELETE',
    /^\/issues\/(\d+)\/labels\/(.+)$/,
    (call) => setLabels(call, (old) => old.filter((l) => l !== call.params[1])),
  ],
]

function matchingRefs(call: Call, mustFind: boolean) {
  const name = call.params[0]!
  const found = call.model.branches(call.repo, name)
  if (mustFind && found.length === 0) throw notFound()
  return found.map((b) => refJson(call, `refs/heads/${b.name}`, b.sha))
}

function setLabels(call: Call, next: (old: string[]) => string[]) {
  const pull = call.model.pull(Number(call.params[0]))
  if (!call.model.canPush(call.model.origin, call.login))
    throw new GitHubError(403, 'Must have triage access to change labels')
  pull.labels = [...new Set(next(pull.labels).map(String))]
  pull.updated = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
  return pull.labels.map((name, i) => ({ id: i + 1, name, color: 'ededed', default: false }))
}

/** Answers a call under /repos/:owner/:repo, or says no route matched. */
export function repoRoute(
  method: string,
  rest: string,
  call: Omit<Call, 'params'>
): [number, unknown] {
  for (const [m, pattern, handler] of ROUTES) {
    const match = m === method && pattern.exec(rest)
    if (!match) continue
    const result = handler({ ...call, params: match.slice(1).map((p) => decodeURIComponent(p)) })
    return Array.isArray(result) && typeof result[0] === 'number' && result.length === 2
      ? (result as [number, unknown])
      : [200, result]
  }
  throw notFound()
}
