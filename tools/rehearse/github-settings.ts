import { found, GitHubError, MAIN, type GitHubModel } from '#tools/rehearse/github-model.ts'

// The repository settings `npm run settings:check` reads, answered as GitHub's REST API answers
// them, by path under the repository: branch protection, rulesets, environments with their branch
// policies and secrets (names only), repository secrets, Actions' permissions; and CODEOWNERS
// errors. They start as on a new repository; a maintainer's set-up is written into
// `settingsOf(model)` as GitHub would then answer. Only a user marked `admin` reads them
// (environments and their branch policies: anyone). They change nothing the stand-in enforces.

type Call = { model: GitHubModel; login?: string; params: string[] }
const stores = new WeakMap<GitHubModel, Map<string, unknown>>()
export const settingsOf = (model: GitHubModel) =>
  stores.get(model) ?? stores.set(model, new Map()).get(model)!
/** What GitHub answers for what nobody has set. */
const UNSET: Record<string, unknown> = {
  [`rules/branches/${MAIN}`]: [],
  'actions/secrets': { total_count: 0, secrets: [] },
  'actions/permissions/workflow': {
    default_workflow_permissions: 'read',
    can_approve_pull_request_reviews: false,
  },
  'actions/permissions/fork-pr-contributor-approval': {
    approval_policy: 'first_time_contributors_new_to_github',
  },
}
const FOR_ANYONE = /^environments\/[^/]+(\/deployment-branch-policies)?$/

/** Spread first into the stand-in's routes, where `GET :repo/branches/(.+)` would take protection. */
export const SETTINGS_ROUTES: Record<string, (call: Call) => unknown> = {
  'GET :repo/(branches/[^/]+/protection|rules/.+|environments/.+|actions/.+)': ({
    model,
    login,
    params: [path],
  }) => {
    if (!FOR_ANYONE.test(path!) && !(model.user(login ?? '') as { admin?: boolean })?.admin)
      throw new GitHubError(403, 'Must have admin rights to Repository.')
    const unset = /protection$/.test(path!) ? 'Branch not protected' : undefined
    return found(settingsOf(model).get(path!) ?? UNSET[path!], unset)
  },
  // Each owner GitHub cannot resolve: here, any but a user of the stand-in with write access.
  'GET :repo/codeowners/errors': ({ model }) => {
    const path = '.github/CODEOWNERS'
    found(model.store.resolve(`${MAIN}:${path}`, 'blob'))
    const lines = model.store.git(['show', `${MAIN}:${path}`]).split('\n')
    const errors = lines.flatMap((source, i) =>
      source
        .replace(/#.*/, '')
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((owner) => owner[0] !== '@' || !model.user(owner.slice(1))?.write)
        .map((owner) => {
          const message = `Unknown owner on line ${i + 1}: make sure ${owner} exists and has write access to the repository`
          return { line: i + 1, kind: 'Unknown owner', source, path, message }
        })
    )
    return { errors }
  },
}
