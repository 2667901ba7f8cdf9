import { found, GitHubError, MAIN, type GitHubModel } from '#tools/rehearse/github-model.ts'

// The repository settings `npm run settings:check` reads (PATHS, under the repository), answered
// as GitHub's REST API answers them: as on a new repository, or as a test writes them into
// `settingsOf(model)`. Only a user marked `admin` reads them (environments, their branch policies
// and CODEOWNERS errors: anyone). They change nothing the stand-in enforces.

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
const PATHS =
  'branches/[^/]+/protection|rules/branches/.+|environments/.+|actions/(?:secrets|permissions/.+)|codeowners/errors'
const FOR_ANYONE = /^(environments\/[^/]+(\/deployment-branch-policies)?|codeowners\/errors)$/

/** Spread first into the stand-in's routes, where `GET :repo/branches/(.+)` would take protection. */
export const SETTINGS_ROUTES: Record<string, (call: Call) => unknown> = {
  [`GET :repo/(${PATHS})`]: ({ model, login, params: [path] }) => {
    if (!FOR_ANYONE.test(path!) && !(model.user(login ?? '') as { admin?: boolean })?.admin)
      throw new GitHubError(403, 'Must have admin rights to Repository.')
    const unset = /protection$/.test(path!) ? 'Branch not protected' : undefined
    return found(settingsOf(model).get(path!) ?? UNSET[path!], unset)
  },
}
