import {
  found,
  GitHubError,
  MAIN,
  type Body,
  type GitHubModel,
} from '#tools/rehearse/github-model.ts'

// The repository settings `npm run settings:check` reads, kept by path and set as GitHub's REST
// API sets them: branch protection, environments with their branch policies and secrets,
// repository secrets, Actions' permissions; and GitHub's CODEOWNERS errors. Only a user marked
// `admin` sets or reads them (environments and their branch policies: anyone). They start as on a
// new repository. They change what the stand-in answers, not what it enforces (github-model.ts).

type Call = { model: GitHubModel; login?: string; params: string[]; body: Body }
const stores = new WeakMap<GitHubModel, Map<string, Body>>()
const store = (model: GitHubModel) => stores.get(model) ?? stores.set(model, new Map()).get(model)!
/** What GitHub answers for a setting nobody has set. */
const UNSET: Record<string, Body> = {
  'actions/permissions/workflow': {
    default_workflow_permissions: 'read',
    can_approve_pull_request_reviews: false,
  },
  'actions/permissions/fork-pr-contributor-approval': {
    approval_policy: 'first_time_contributors_new_to_github',
  },
}

/** A setting, or a list (`{ items }`), where GitHub shows it to this user; undefined when unset. */
function read(
  { model, login }: Call,
  key: string,
  forAdmins = !/^environments\/[^/]+(\/deployment-branch-policies)?$/.test(key)
) {
  if (forAdmins && !(model.user(login ?? '') as { admin?: boolean } | undefined)?.admin)
    throw new GitHubError(403, 'Must have admin rights to Repository.')
  const environment = /^environments\/[^/]+(?=\/)/.exec(key)?.[0]
  if (environment) found(store(model).get(environment))
  return store(model).get(key) ?? UNSET[key]
}
/** Sets the setting the call names (an admin's call). */
function set(call: Call) {
  read(call, call.params[0]!, true)
  return store(call.model).set(call.params[0]!, call.body).get(call.params[0]!)
}
/** Puts (or, without `item`, takes out) the item called `name` in the list the call names. */
function listed(call: Call, name: string, item?: Body) {
  const others = ((read(call, call.params[0]!, true)?.items ?? []) as Body[]).filter(
    (i) => i.name !== name
  )
  store(call.model).set(call.params[0]!, { items: item ? [...others, item] : others })
  return item
}

const SETTING = 'branches/[^/]+/protection|environments/[^/]+'
const ACTIONS = 'actions/permissions/[a-z-]+'
const LIST =
  ':repo/((?:environments/[^/]+/|actions/)secrets|environments/[^/]+/deployment-branch-policies)'
/** Spread first into the stand-in's routes, where `GET :repo/branches/(.+)` would take protection. */
export const SETTINGS_ROUTES: Record<string, (call: Call) => unknown> = {
  [`GET :repo/(${SETTING}|${ACTIONS})`]: (call) =>
    found(
      read(call, call.params[0]!),
      call.params[0]!.endsWith('protection') ? 'Branch not protected' : undefined
    ),
  [`PUT :repo/(${SETTING})`]: set,
  [`PUT :repo/(${ACTIONS}) 204`]: set,
  [`GET ${LIST}`]: (call) => {
    const items = (read(call, call.params[0]!)?.items ?? []) as Body[]
    return {
      total_count: items.length,
      [call.params[0]!.endsWith('secrets') ? 'secrets' : 'branch_policies']: items,
    }
  },
  [`POST ${LIST}`]: (call) =>
    listed(call, String(call.body.name), { id: Date.now(), ...call.body }),
  // A secret's value is never kept, nor answered: only its name.
  [`PUT ${LIST}/([^/]+) 201`]: (call) => (
    listed(call, call.params[1]!, { name: call.params[1] }),
    {}
  ),
  [`DELETE ${LIST}/([^/]+) 204`]: (call) => void listed(call, call.params[1]!),
  // No rulesets here: branch protection stands for them (settings:check reads either).
  'GET :repo/rules/branches/(.+)': () => [],
  // Each owner GitHub cannot resolve: here, any but a user of the stand-in with write access.
  'GET :repo/codeowners/errors': ({ model }) => {
    const path = ['.github/', '', 'docs/']
      .map((f) => `${f}CODEOWNERS`)
      .find((p) => model.store.resolve(`${MAIN}:${p}`, 'blob'))
    const lines = model.store.git(['show', `${MAIN}:${found(path)}`]).split('\n')
    const errors = lines.flatMap((source, i) =>
      source
        .replace(/#.*/, '')
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((owner) => !owner.startsWith('@') || !model.user(owner.slice(1))?.write)
        .map((owner) => ({
          line: i + 1,
          kind: 'Unknown owner',
          source,
          path,
          message: `Unknown owner on line ${i + 1}: make sure ${owner} exists and has write access to the repository`,
        }))
    )
    return { errors }
  },
}
