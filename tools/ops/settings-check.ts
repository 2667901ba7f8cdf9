// `npm run settings:check`: the repository settings the threat model rests on (deploy/README.md,
// "Check the settings"), read through GitHub's REST API with a maintainer's GITHUB_TOKEN, each said
// with whether it holds. Exits 1 when one does not, or could not be read: that is no pass.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { PRODUCTION_BRANCH as MAIN } from '#tools/ops/deploy.ts'
import { api, settingsOrExit } from '#tools/ops/github-issue.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Body = Json | null
type Setting = [says: string, paths: string[], holds: (...bodies: Body[]) => unknown]
const TOKEN = 'CLOUDFLARE_API_TOKEN'
const PRODUCTION = '/environments/production'
const APPROVING = ['first_time_contributors', 'all_external_contributors']

/** The checks a merge into main waits for, by name (deploy/README.md, "Review rules"): checks.yml's
 * quick and full jobs, a job with parts once per part. */
export function requiredChecks(): string[] {
  const { jobs } = parse(readFileSync('.github/workflows/checks.yml', 'utf8'))
  return ['quick', 'full-checks', 'full-served'].flatMap((id) =>
    (jobs[id].strategy?.matrix.part ?? ['']).map((part: string) =>
      jobs[id].name.replace('${{ matrix.part }}', part)
    )
  )
}

const names = (items?: Json[]) => (items ?? []).map((item) => item.name ?? item.context)
/** Main's rules from an active ruleset, or from its branch protection: either counts. */
function mainRules(rules: Body, protection: Body) {
  const rule = (type: string) => rules?.find((x: Json) => x.type === type)?.parameters
  const [pulls, checks] = [rule('pull_request'), rule('required_status_checks')]
  const { required_pull_request_reviews: reviews, required_status_checks: status } =
    protection ?? {}
  return {
    pulls: pulls || reviews,
    owners: pulls?.require_code_owner_review || reviews?.require_code_owner_reviews,
    checks: [...names(checks?.required_status_checks), ...(status?.contexts ?? [])],
    upToDate: checks?.strict_required_status_checks_policy || status?.strict,
  }
}
const onMain = (says: string, holds: (rules: ReturnType<typeof mainRules>) => unknown): Setting => [
  says,
  [`/rules/branches/${MAIN}`, `/branches/${MAIN}/protection`],
  (rules, protection) => holds(mainRules(rules, protection)),
]

function settings(): Setting[] {
  const required = requiredChecks()
  return [
    onMain(`${MAIN} takes changes only through pull requests`, (main) => main.pulls),
    onMain(`a merge into ${MAIN} needs a code owner's approval`, (main) => main.owners),
    onMain(`a merge into ${MAIN} waits for the checks "${required.join('", "')}"`, (main) =>
      required.every((name) => main.checks.includes(name))
    ),
    onMain(
      `a branch is brought up to date with ${MAIN} before it is merged`,
      (main) => main.upToDate
    ),
    [
      '.github/CODEOWNERS is there, and GitHub reads it without errors',
      ['/codeowners/errors'],
      (owners) => owners?.errors.length === 0,
    ],
    [
      `the environment "production" deploys only from ${MAIN}`,
      [PRODUCTION, `${PRODUCTION}/deployment-branch-policies`],
      (production, policies) =>
        production?.deployment_branch_policy?.custom_branch_policies &&
        names(policies?.branch_policies).join() === MAIN,
    ],
    ['the environment "preview" exists', ['/environments/preview'], Boolean],
    [
      `the Cloudflare token (${TOKEN}) is a secret of "production"`,
      [`${PRODUCTION}/secrets`],
      (stored) => names(stored?.secrets).includes(TOKEN),
    ],
    [
      `no repository secret ${TOKEN}, which any branch's workflow could read`,
      ['/actions/secrets'],
      (secrets) => secrets && !names(secrets.secrets).includes(TOKEN),
    ],
    [
      "a maintainer approves the workflows of a first-time contributor's pull request",
      ['/actions/permissions/fork-pr-contributor-approval'],
      (approval) => APPROVING.includes(approval?.approval_policy),
    ],
    [
      "Actions' default token (GITHUB_TOKEN) only reads, and approves no pull request",
      ['/actions/permissions/workflow'],
      (token) =>
        token?.default_workflow_permissions === 'read' && !token.can_approve_pull_request_reviews,
    ],
  ]
}

/** Each setting in plain words with `holds`: true, false, or why it could not be read. `get` GETs
 * a path under /repos/owner/name: its body, null on a 404 (not there), or it throws (unreadable). */
export async function checkSettings(get: (path: string) => Promise<Body>) {
  const asked = new Map<string, Promise<Body>>()
  const ask = (path: string) => asked.get(path) ?? asked.set(path, get(path)).get(path)!
  return Promise.all(
    settings().map(async ([says, paths, holds]) => {
      try {
        return { says, holds: Boolean(holds(...(await Promise.all(paths.map(ask))))) }
      } catch (error) {
        return { says, holds: (error as Error).message }
      }
    })
  )
}

if (import.meta.main) {
  const github = settingsOrExit('settings:check')
  const results = await checkSettings((path) =>
    api<Json>(github, path).catch((error) => (error.status === 404 ? null : Promise.reject(error)))
  )
  console.log(`The settings of ${github.repository} that the threat model rests on:`)
  for (const { says, holds } of results) {
    const label = { true: 'holds', false: 'DOES NOT HOLD' }[String(holds)] ?? 'COULD NOT READ'
    const why = typeof holds === 'string' ? ` (${holds}: use a maintainer's token)` : ''
    console.log(`  ${`${label}:`.padEnd(16)}${says}${why}`)
  }
  const failed = results.filter(({ holds }) => holds !== true).length
  console.log(failed ? `${failed} of ${results.length} fail.` : 'All hold.')
  process.exit(failed ? 1 : 0)
}
