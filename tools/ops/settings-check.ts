// `npm run settings:check`: the repository settings the threat model rests on (deploy/README.md,
// "Check the settings"), read through GitHub's REST API and said in plain words, each with whether
// it holds. Exits 1 when one does not, or could not be read with the token: that is no pass.
//   GITHUB_TOKEN       a maintainer's token (admin on the repository)
//   GITHUB_REPOSITORY  owner/name;  GITHUB_API_URL  https://api.github.com, or a stand-in
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { PRODUCTION_BRANCH as MAIN } from '#tools/ops/deploy.ts'
import { settingsOrExit } from '#tools/ops/github-issue.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
/** GitHub's answer to GET a path under /repos/owner/name. */
export type Answer = { status: number; body: Json }

/** What is read, under /repos/owner/name. */
const PATHS = {
  protection: `/branches/${MAIN}/protection`,
  rules: `/rules/branches/${MAIN}`,
  owners: '/codeowners/errors',
  production: '/environments/production',
  policies: '/environments/production/deployment-branch-policies',
  stored: '/environments/production/secrets',
  preview: '/environments/preview',
  secrets: '/actions/secrets',
  approval: '/actions/permissions/fork-pr-contributor-approval',
  workflow: '/actions/permissions/workflow',
}
/** A body; null where GitHub says the thing is not there; throws where the token cannot read it. */
type Read = (name: keyof typeof PATHS) => Json | null
const TOKEN = 'CLOUDFLARE_API_TOKEN'

/** The checks a merge into main waits for: the `quick` and `full` jobs of checks.yml. */
export function requiredChecks(): string[] {
  const { jobs } = parse(readFileSync('.github/workflows/checks.yml', 'utf8'))
  return ['quick', 'full'].map((job) => jobs[job].name)
}

const names = (items?: Json[]) => (items ?? []).map((item) => item.name ?? item.context)
/** Main's rule of a type from an active ruleset, or branch protection: either counts. */
const rule = (r: Read, type: string) => r('rules')?.find((x: Json) => x.type === type)?.parameters
const reviews = (r: Read) => r('protection')?.required_pull_request_reviews
const checks = (r: Read) => r('protection')?.required_status_checks

function settings(): [string, (read: Read) => unknown][] {
  const required = requiredChecks()
  const inRules = (r: Read) => names(rule(r, 'required_status_checks')?.required_status_checks)
  return [
    [
      `${MAIN} takes changes only through pull requests`,
      (r) => rule(r, 'pull_request') || reviews(r),
    ],
    [
      `a merge into ${MAIN} needs a code owner's approval`,
      (r) =>
        rule(r, 'pull_request')?.require_code_owner_review ||
        reviews(r)?.require_code_owner_reviews,
    ],
    [
      `a merge into ${MAIN} waits for the checks "${required.join('" and "')}"`,
      (r) =>
        required.every((name) => [...inRules(r), ...(checks(r)?.contexts ?? [])].includes(name)),
    ],
    [
      `a branch is brought up to date with ${MAIN} before it is merged`,
      (r) =>
        rule(r, 'required_status_checks')?.strict_required_status_checks_policy ||
        checks(r)?.strict,
    ],
    [
      '.github/CODEOWNERS is there, and GitHub reads it without errors',
      (r) => r('owners')?.errors.length === 0,
    ],
    [
      `the environment "production" deploys only from ${MAIN}`,
      (r) =>
        r('production')?.deployment_branch_policy?.custom_branch_policies &&
        names(r('policies')?.branch_policies).join() === MAIN,
    ],
    ['the environment "preview" exists', (r) => r('preview')],
    [
      `the Cloudflare token (${TOKEN}) is a secret of "production"`,
      (r) => names(r('stored')?.secrets).includes(TOKEN),
    ],
    [
      `no repository secret ${TOKEN}, which any branch's workflow could read`,
      (r) => !names(r('secrets')!.secrets).includes(TOKEN),
    ],
    [
      "a maintainer approves the workflows of a first-time contributor's pull request",
      (r) =>
        ['first_time_contributors', 'all_external_contributors'].includes(
          r('approval')!.approval_policy
        ),
    ],
    [
      "Actions' default token (GITHUB_TOKEN) only reads, and approves no pull request",
      (r) =>
        r('workflow')!.default_workflow_permissions === 'read' &&
        !r('workflow')!.can_approve_pull_request_reviews,
    ],
  ]
}

/** Each setting in plain words with `holds`: true, false, or what GitHub answered instead. */
export async function checkSettings(get: (path: string) => Promise<Answer>) {
  const answers = Object.fromEntries(
    await Promise.all(Object.entries(PATHS).map(async ([name, path]) => [name, await get(path)]))
  ) as Record<keyof typeof PATHS, Answer>
  const read: Read = (name) => {
    const { status, body } = answers[name]
    // A 404 is GitHub saying a thing is not there, where it may be missing; anywhere else it hides
    // what the token may not read, as 401 and 403 do.
    if (status === 200) return body
    if (status === 404 && /^(owners|production|policies|stored|preview)$/.test(name)) return null
    if (status === 404 && body.message === 'Branch not protected') return null
    throw new Error(`GitHub answered ${status}: ${body.message}`)
  }
  return settings().map(([says, holds]) => {
    try {
      return { says, holds: Boolean(holds(read)) as boolean | string }
    } catch (error) {
      return { says, holds: (error as Error).message }
    }
  })
}

if (import.meta.main) {
  const { repository, token, apiUrl = 'https://api.github.com' } = settingsOrExit('settings:check')
  const headers = { Accept: 'application/vnd.github+json', Authorization: `Bearer ${token}` }
  const results = await checkSettings(async (path) => {
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}/repos/${repository}${path}`, {
      headers,
    })
    return { status: response.status, body: await response.json().catch(() => ({})) }
  })
  console.log(`The settings of ${repository} that the threat model rests on:`)
  for (const { says, holds } of results) {
    const label = holds === true ? 'holds' : holds === false ? 'DOES NOT HOLD' : 'COULD NOT READ'
    const why =
      typeof holds === 'string' ? ` (${holds}: use a maintainer's token, admin rights)` : ''
    console.log(`  ${`${label}:`.padEnd(16)}${says}${why}`)
  }
  const failed = results.filter(({ holds }) => holds !== true).length
  console.log(
    failed ? `${failed} of ${results.length} do not hold or could not be read.` : 'All hold.'
  )
  process.exit(failed ? 1 : 0)
}
