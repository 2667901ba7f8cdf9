import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GitStore } from '#tools/rehearse/git-store.ts'
import { GitHubModel } from '#tools/rehearse/github-model.ts'
import { startGitHubStandIn, type GitHubStandIn } from '#tools/rehearse/github-stand-in.ts'
import { checkSettings, requiredChecks } from '#tools/ops/settings-check.ts'
import { settingsOf } from '#tools/rehearse/github-settings.ts'

// `npm run settings:check` against the rehearsal's stand-in for GitHub (tools/rehearse/
// github-settings.ts), run as a maintainer runs it, with only GitHub's address changed: first on
// the repository as GitHub leaves it, then set up as deploy/README.md says (each setting as
// GitHub's REST API then answers it), then with one setting undone.

const APP = { clientId: 'settings-app', clientSecret: 'settings-secret' }
const REPOSITORY = { owner: 'bureau', name: 'site' }
let dir: string
let model: GitHubModel
let github: GitHubStandIn
const tokens: Record<string, string> = {}

/** A token for a user of the stand-in, through its OAuth app's sign-in as a browser would. */
async function tokenFor(login: string) {
  const callbackUrl = 'http://localhost:9/callback'
  const form = new URLSearchParams({ client_id: APP.clientId, redirect_uri: callbackUrl, login })
  const authorized = await fetch(`${github.base}/login/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  const code = new URL(authorized.headers.get('location')!).searchParams.get('code')
  const answer = await fetch(`${github.base}/login/oauth/access_token`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: APP.clientId, client_secret: APP.clientSecret, code }),
  })
  return ((await answer.json()) as { access_token: string }).access_token
}

/** Sets what GitHub answers for a setting (a path under the repository), as a maintainer would. */
const set = (path: string, answer: unknown) => settingsOf(model).set(path, answer)
const secrets = (...names: string[]) => ({
  total_count: names.length,
  secrets: names.map((name) => ({ name })),
})

/** `npm run settings:check` with `login`'s token: its exit code and its lines. (Not spawnSync:
 * the stand-in answers from this process.) */
async function settingsCheck(login = 'chief') {
  const check = spawn(process.execPath, ['tools/ops/settings-check.ts'], {
    env: {
      ...process.env,
      GITHUB_API_URL: github.base,
      GITHUB_REPOSITORY: `${REPOSITORY.owner}/${REPOSITORY.name}`,
      GITHUB_TOKEN: tokens[login],
    },
  })
  let stdout = ''
  check.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  const [status] = await once(check, 'close')
  return { status, lines: stdout.split('\n') }
}
const said = (lines: string[], start: string) =>
  lines.filter((line) => line.trimStart().startsWith(start)).map((line) => line.trim())

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'settings-'))
  const work = join(dir, 'work')
  mkdirSync(join(work, '.github'), { recursive: true })
  writeFileSync(join(work, 'README.md'), 'r\n')
  execFileSync('git', ['init', '--quiet'], { cwd: work })
  execFileSync('git', ['add', 'README.md'], { cwd: work })
  const store = GitStore.fromWorkingCopy(join(dir, 'store.git'), work, {
    name: 'Test',
    email: 't@localhost',
  })
  const users = [
    { login: 'chief', name: 'Fire chief', write: true, admin: true },
    { login: 'clerk', name: 'Clerk', write: true },
  ]
  model = new GitHubModel(store, REPOSITORY, users, requiredChecks())
  github = await startGitHubStandIn(
    model,
    { ...APP, callbackUrl: 'http://localhost:9/callback' },
    { secret: 'settings-run', siteOrigin: 'http://localhost:9' }
  )
  for (const { login } of users) tokens[login] = await tokenFor(login)
}, 60_000)
afterAll(async () => {
  await github?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run settings:check against the stand-in', () => {
  it('names each setting that does not hold on a repository as GitHub leaves it, and fails', async () => {
    // One leftover of the old set-up: the deploy token as a repository secret.
    set('actions/secrets', secrets('CLOUDFLARE_API_TOKEN'))
    // The repository's CODEOWNERS as shipped: its team is a placeholder until a maintainer names theirs.
    const message =
      'Unknown owner on line 1: make sure @mtfp1-bureau/maintainers exists and has write access to the repository'
    set('codeowners/errors', {
      errors: [{ line: 1, column: 4, kind: 'Unknown owner', path: '.github/CODEOWNERS', message }],
    })
    const { status, lines } = await settingsCheck()
    expect(status).toBe(1)
    expect(said(lines, 'DOES NOT HOLD')).toEqual([
      'DOES NOT HOLD:  main takes changes only through pull requests',
      "DOES NOT HOLD:  a merge into main needs a code owner's approval",
      `DOES NOT HOLD:  a merge into main waits for the checks "${requiredChecks().join('", "')}"`,
      'DOES NOT HOLD:  a branch is brought up to date with main before it is merged',
      'DOES NOT HOLD:  .github/CODEOWNERS is there, and GitHub reads it without errors',
      'DOES NOT HOLD:  the environment "production" deploys only from main',
      'DOES NOT HOLD:  the environment "preview" exists',
      'DOES NOT HOLD:  the Cloudflare token (CLOUDFLARE_API_TOKEN) is a secret of "production"',
      "DOES NOT HOLD:  no repository secret CLOUDFLARE_API_TOKEN, which any branch's workflow could read",
      "DOES NOT HOLD:  a maintainer approves the workflows of a first-time contributor's pull request",
    ])
    expect(said(lines, 'holds')).toEqual([
      "holds:          Actions' default token (GITHUB_TOKEN) only reads, and approves no pull request",
    ])
    expect(lines).toContain('10 of 11 fail.')
  })

  it('passes once the repository is set up as deploy/README.md says', async () => {
    // "Review rules": main's rule, and CODEOWNERS naming a real maintainer.
    set('branches/main/protection', {
      required_status_checks: { strict: true, contexts: requiredChecks() },
      enforce_admins: { enabled: true },
      required_pull_request_reviews: {
        require_code_owner_reviews: true,
        required_approving_review_count: 1,
      },
    })
    set('codeowners/errors', { errors: [] })
    // "Cloudflare Pages": the environments, the token in production only.
    set('environments/production', {
      name: 'production',
      deployment_branch_policy: { protected_branches: false, custom_branch_policies: true },
    })
    set('environments/production/deployment-branch-policies', {
      total_count: 1,
      branch_policies: [{ id: 1, name: 'main', type: 'branch' }],
    })
    set('environments/production/secrets', secrets('CLOUDFLARE_API_TOKEN'))
    set('environments/preview', { name: 'preview', deployment_branch_policy: null })
    set('actions/secrets', secrets())
    // "Review rules", Actions: approval of first-time contributors, a read-only default token.
    set('actions/permissions/fork-pr-contributor-approval', {
      approval_policy: 'first_time_contributors',
    })
    const { status, lines } = await settingsCheck()
    expect(said(lines, 'DOES NOT HOLD')).toEqual([])
    expect(said(lines, 'holds')).toHaveLength(11)
    expect(lines).toContain('All hold.')
    expect(status).toBe(0)
  })

  it('fails again when one setting is undone, naming only it', async () => {
    set('actions/permissions/workflow', {
      default_workflow_permissions: 'write',
      can_approve_pull_request_reviews: false,
    })
    const { status, lines } = await settingsCheck()
    expect(said(lines, 'DOES NOT HOLD')).toEqual([
      "DOES NOT HOLD:  Actions' default token (GITHUB_TOKEN) only reads, and approves no pull request",
    ])
    expect(status).toBe(1)
    settingsOf(model).delete('actions/permissions/workflow')
  })

  it('counts what the token cannot read as no pass, and says so', async () => {
    const { status, lines } = await settingsCheck('clerk')
    expect(status).toBe(1)
    const unread = said(lines, 'COULD NOT READ')
    expect(unread).toHaveLength(8)
    expect(unread[0]).toMatch(
      /main takes changes only through pull requests \(GitHub answered 403 to GET \/rules\/branches\/main: use a maintainer/
    )
    expect(said(lines, 'holds')).toHaveLength(3)
  })
})

describe('a ruleset instead of branch protection', () => {
  it('counts its rules for main', async () => {
    const ruleset = [
      { type: 'pull_request', parameters: { require_code_owner_review: true } },
      {
        type: 'required_status_checks',
        parameters: {
          strict_required_status_checks_policy: true,
          required_status_checks: requiredChecks().map((context) => ({ context })),
        },
      },
    ]
    const answers: Record<string, unknown> = { '/rules/branches/main': ruleset }
    const results = await checkSettings(async (path) => answers[path] ?? null)
    expect(results.slice(0, 4).map(({ holds }) => holds)).toEqual([true, true, true, true])
  })
})
