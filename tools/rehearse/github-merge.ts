import {
  GitHubError,
  invalidPull,
  notFound,
  now,
  unprocessable,
  type GitHubModel,
  type Pull,
} from '#tools/rehearse/github-model.ts'

// Merging under branch protection as deploy/README.md asks the owners to set it: the required
// checks passed on a branch holding the default branch's latest commit; GitHub's refusals otherwise.

const GITHUB = { name: 'GitHub', email: 'noreply@github.com' }

/** Why branch protection refuses to merge this pull request now, as GitHub says it; or nothing. */
function protectionRefusal(model: GitHubModel, pull: Pull): GitHubError | undefined {
  const { requiredChecks, strict, branch } = model.protection
  if (pull.base !== branch) return undefined
  const runs = model.latestChecks(pull.head.sha)
  // On a branch behind its base, GitHub counts every required check as not yet reported.
  const behind = strict && model.isBehind(pull)
  const run = (name: string) => runs.find((r) => r.name === name)
  const expected = requiredChecks.filter((name) => behind || run(name)?.status !== 'completed')
  const failing = requiredChecks.filter(
    (name) => !expected.includes(name) && run(name)?.conclusion !== 'success'
  )
  const refuse = (names: string[], state: string) =>
    names.length === 0
      ? undefined
      : new GitHubError(
          405,
          names.length === 1 && requiredChecks.length === 1
            ? `Required status check "${names[0]}" is ${state}.`
            : `${names.length} of ${requiredChecks.length} required status checks are ${state}.`
        )
  return refuse(expected, 'expected') ?? refuse(failing, 'failing')
}

export function mergeableState(model: GitHubModel, pull: Pull) {
  if (!model.store.mergedTree(model.baseSha(pull), pull.head.sha)) return 'dirty'
  if (model.protection.strict && model.isBehind(pull)) return 'behind'
  return protectionRefusal(model, pull) ? 'blocked' : 'clean'
}

/** PUT …/pulls/:n/merge: merges as GitHub does, or refuses with its answer. */
export function merge(
  model: GitHubModel,
  pull: Pull,
  login: string,
  input: { sha?: unknown; merge_method?: unknown; commit_title?: unknown; commit_message?: unknown }
) {
  if (!model.canPush(model.origin, login))
    throw new GitHubError(403, 'Must have push access to repository')
  if (pull.state !== 'open') throw new GitHubError(405, 'Pull Request is not mergeable')
  if (input.sha !== undefined && input.sha !== pull.head.sha)
    throw new GitHubError(409, 'Head branch was modified. Review and try the merge again.')
  const refusal = protectionRefusal(model, pull)
  if (refusal) throw refusal
  const base = model.baseSha(pull)
  const tree = model.store.mergedTree(base, pull.head.sha)
  if (!tree) throw new GitHubError(405, 'Pull Request is not mergeable')
  const method = String(input.merge_method ?? 'merge')
  if (!['merge', 'squash', 'rebase'].includes(method))
    throw invalidPull('Invalid merge_method', 'merge_method')
  const title = input.commit_title ? String(input.commit_title) : `${pull.title} (#${pull.number})`
  const sha = model.store.commit({
    tree,
    parents: method === 'merge' ? [base, pull.head.sha] : [base],
    message: input.commit_message ? `${title}\n\n${String(input.commit_message)}` : title,
    author: model.person(method === 'merge' ? login : pull.user),
    committer: GITHUB,
  })
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
  const sha = model.store.commit({
    tree,
    parents: [pull.head.sha, base],
    message: `Merge branch '${pull.base}' into ${pull.head.ref}`,
    author: model.person(login),
    committer: GITHUB,
  })
  model.setBranch(pull.head.repo, pull.head.ref, sha)
  return { message: 'Updating pull request branch.' }
}
