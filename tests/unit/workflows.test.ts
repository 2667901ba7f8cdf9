import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SETTINGS } from '#tools/ops/deploy.ts'
import { PREVIEW_RETENTION_DAYS } from '#tools/review/preview-note.ts'
import { publishDue } from '#tools/ops/schedule-due.ts'
import packageJson from '../../package.json'

// The workflows stay thin: after checkout and Node set-up every step runs an
// npm script (or .ci/run), so everything CI does is something the local
// tests cover. These tests hold the workflows to that, and to the settings
// the other modules rely on. (actionlint checks their syntax: lint:workflows.)

type Step = {
  id?: string
  if?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
  'working-directory'?: string
}
type Job = {
  'runs-on': string
  outputs?: Record<string, string>
  if?: string
  needs?: string | string[]
  permissions?: unknown
  strategy?: unknown
  env?: Record<string, string>
  steps: Step[]
}
type Workflow = {
  on: Record<string, unknown>
  permissions: unknown
  concurrency?: { group: string; 'cancel-in-progress': boolean }
  jobs: Record<string, Job>
}

const DIR = join(process.cwd(), '.github', 'workflows')
const load = (name: string): Workflow => parse(readFileSync(join(DIR, name), 'utf8'))
const workflows = readdirSync(DIR)
  .sort()
  .map((name) => ({ name, workflow: load(name) }))
const steps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps)

/** The only commands a step may run. */
const RUN_FORMS = [
  /^npm install$/,
  /^npm install && npm run build$/,
  /^bash \.ci\/run$/,
  /^npm run [\w:-]+(?: -- [^>]+?)?$/,
  // Into the run summary only with --silent: npm's "> script" banner would land there too.
  /^npm run --silent [\w:-]+(?: -- [^>]+?)? >> "\$GITHUB_STEP_SUMMARY"$/,
]

describe('the Node version', () => {
  // One version everywhere it is named: the Node that npm installs for the
  // scripts (the `node` devDependency), .nvmrc, engines, and every workflow
  // job.
  const major = Number(/\d+/.exec(packageJson.devDependencies.node)![0])

  it('is 24 (LTS) for the scripts, .nvmrc and engines', () => {
    expect(major).toBe(24)
    expect(readFileSync(join(process.cwd(), '.nvmrc'), 'utf8').trim()).toBe(String(major))
    expect(packageJson.engines.node).toBe(`>=${major}`)
  })

  it.each(workflows)('$name sets up that Node on every job', ({ workflow }) => {
    for (const step of steps(workflow)) {
      const version = step.with?.['node-version']
      if (step.uses?.startsWith('actions/setup-node@')) expect(version).toBe(major)
    }
  })
})

describe('every workflow', () => {
  it.each(workflows)('$name runs only npm scripts and .ci/run after set-up', ({ workflow }) => {
    for (const step of steps(workflow)) {
      if (step.uses) {
        // Official actions only (each pinned to a commit: see below).
        expect(step.uses).toMatch(/^actions\/(checkout|setup-node|upload-artifact)@[0-9a-f]{40}$/)
        continue
      }
      const run = String(step.run).trim()
      expect(
        RUN_FORMS.some((form) => form.test(run)),
        run
      ).toBe(true)
      // Values from GitHub reach a command through env:, never pasted into it.
      expect(run).not.toContain('${{')
    }
  })

  it.each(workflows)('$name calls npm scripts that exist', ({ workflow }) => {
    const scripts = Object.keys(packageJson.scripts)
    for (const step of steps(workflow)) {
      for (const [, name] of String(step.run ?? '').matchAll(/npm run (?:--silent )?([\w:-]+)/g)) {
        expect(scripts, `npm run ${name}`).toContain(name)
      }
    }
  })

  it.each(workflows)(
    '$name pins every action to a full commit, its version in a comment',
    ({ name }) => {
      const lines = readFileSync(join(DIR, name), 'utf8')
        .split('\n')
        .filter((line) => /^\s*-?\s*uses:/.test(line))
      expect(lines.length).toBeGreaterThan(0)
      for (const line of lines)
        expect(line).toMatch(/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/)
    }
  )

  it.each(workflows)(
    '$name can only read the repository, but where it tells staff in an issue or reads the runs of the checks',
    ({ workflow }) => {
      expect(workflow.permissions).toEqual({ contents: 'read' })
      for (const job of Object.values(workflow.jobs))
        expect([
          undefined,
          { contents: 'read', issues: 'write' },
          { contents: 'read', actions: 'read' },
        ]).toContainEqual(job.permissions)
    }
  )

  it.each(workflows)('$name runs on ubuntu-24.04, with Node set up before npm', ({ workflow }) => {
    for (const job of Object.values(workflow.jobs)) {
      expect(job['runs-on']).toBe('ubuntu-24.04')
      const [checkout, setup, ...rest] = job.steps
      expect(checkout?.uses).toMatch(/^actions\/checkout@/)
      // Nothing pushes: no checkout leaves the token in the git config.
      for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout'))) {
        expect(step.with?.['persist-credentials']).toBe(false)
      }
      expect(setup?.uses).toMatch(/^actions\/setup-node@/)
      expect(setup?.with?.['node-version']).toBeDefined()
      const installs = rest.some((step) => /npm install|\.ci\/run/.test(step.run ?? ''))
      expect(setup?.with?.cache).toBe(installs ? 'npm' : undefined)
    }
  })
})

describe('checks.yml', () => {
  const checks = load('checks.yml')

  it('runs on pull requests, pushes to main and by hand, cancelling superseded runs', () => {
    expect(Object.keys(checks.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch'])
    expect(checks.on.push).toEqual({ branches: ['main'] })
    expect(checks.concurrency).toEqual({
      group: 'checks-${{ github.event.pull_request.number || github.ref }}',
      'cancel-in-progress': true,
    })
  })

  it('reports the quick checks on Node 24 in their own job', () => {
    const { quick } = checks.jobs
    expect(quick?.steps[1]?.with?.['node-version']).toBe(24)
    expect(quick?.steps.slice(2).map((step) => step.run)).toEqual([
      'npm install',
      'npm run test:quick',
    ])
  })

  it("runs npm test's two halves as side-by-side jobs, the browser tests in three parts", () => {
    const { 'full-checks': checksJob, 'full-served': served } = checks.jobs
    const runs = (job: Job | undefined) => job?.steps.slice(2).map((step) => step.run)
    // Exactly the scripts `npm test` runs, each once (the served half after its build).
    const halves = [...packageJson.scripts.test.matchAll(/npm run --silent ([\w:]+)/g)].map(
      ([, name]) => `npm run ${name}`
    )
    expect(halves).toEqual(['npm run test:checks', 'npm run test:served'])
    expect(runs(checksJob)).toEqual(['npm install', halves[0]])
    expect(runs(served)).toEqual(['npm install', 'npm run build', halves[1]])
    for (const job of [checksJob, served]) expect(job?.steps[1]?.with?.['node-version']).toBe(24)
    // Each part is one shard of Playwright's, read by playwright.config.ts.
    expect(served?.strategy).toEqual({ 'fail-fast': false, matrix: { part: [1, 2, 3] } })
    expect(served?.env).toEqual({
      E2E_SHARD: '${{ matrix.part }}/3',
    })
    expect(readFileSync(join(process.cwd(), 'playwright.config.ts'), 'utf8')).toContain(
      'shardOf(process.env.E2E_SHARD)'
    )
  })

  it('builds a preview of pull requests only, diffs it against the base and uploads it', () => {
    const { preview } = checks.jobs
    expect(preview?.if).toBe("github.event_name == 'pull_request'")
    const base = preview?.steps.find((step) => step.with?.path === 'base')
    expect(base?.with?.ref).toBe('${{ github.event.pull_request.base.sha }}')
    // The pull request is built before base/ exists inside it.
    const runs = preview?.steps.map((step) => step.run ?? step.uses)
    expect(runs?.indexOf('npm run build')).toBeGreaterThan(0)
    expect(runs?.indexOf('npm run build')).toBeLessThan(preview?.steps.indexOf(base!) ?? -1)
    expect(preview?.steps.find((step) => step['working-directory'] === 'base')?.run).toBe(
      'npm install && npm run build'
    )
    expect(runs).toContain('npm run --silent diff:pages -- base/out out >> "$GITHUB_STEP_SUMMARY"')
    const upload = preview?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))
    expect(upload?.with).toMatchObject({
      path: 'out/',
      'retention-days': PREVIEW_RETENTION_DAYS,
    })
  })

  it('audits every dependency for information only: the summary, never a failed check', () => {
    expect(checks.jobs.audit?.steps.at(-1)?.run).toBe(
      'npm run --silent audit:report >> "$GITHUB_STEP_SUMMARY"'
    )
    expect(packageJson.scripts['audit:report']).toBe('node tools/ops/audit.ts')
  })
})

describe('publish.yml', () => {
  const publish = load('publish.yml')
  const crons = (publish.on.schedule as { cron: string }[]).map((entry) => entry.cron)

  it('runs after the checks pass on main, by hand, and on two daily schedules', () => {
    expect(publish.on).not.toHaveProperty('push')
    expect(publish.on.workflow_run).toEqual({
      workflows: ['checks'],
      types: ['completed'],
      branches: ['main'],
    })
    expect(publish.jobs.due?.if).toContain("github.event.workflow_run.conclusion == 'success'")
    expect(publish.jobs.due?.if).toContain("github.event.workflow_run.event == 'push'")
    expect(publish.on).toHaveProperty('workflow_dispatch')
    expect(crons).toEqual(['0 9 * * *', '0 10 * * *'])
  })

  it('publishes, however it was started, only the newest commit of main whose checks passed', () => {
    const { due, publish: job } = publish.jobs
    const commit = due?.steps.at(-1)
    expect(commit).toEqual({
      id: 'commit',
      if: "steps.due.outputs.due == 'true'",
      run: 'npm run publish:commit',
      env: { GITHUB_TOKEN: '${{ github.token }}' },
    })
    expect(packageJson.scripts['publish:commit']).toBe('node tools/ops/checked-commit.ts')
    expect(due?.permissions).toEqual({ contents: 'read', actions: 'read' })
    expect(due?.outputs?.sha).toBe('${{ steps.commit.outputs.sha }}')
    // The build checks out that commit, not the head of main.
    expect(job?.steps[0]?.with?.ref).toBe('${{ needs.due.outputs.sha }}')
    expect(JSON.stringify(publish)).not.toContain('github.sha')
  })

  it('opens (or updates) one issue whenever a publish fails, saying which one', () => {
    const failed = publish.jobs.failed
    expect(failed).toMatchObject({
      needs: ['due', 'publish'],
      if: 'failure()',
      permissions: { contents: 'read', issues: 'write' },
    })
    expect(failed?.steps.at(-1)).toEqual({
      run: 'npm run publish:failed',
      env: { GITHUB_TOKEN: '${{ github.token }}', EVENT: '${{ github.event_name }}' },
    })
  })

  it('has exactly one of its schedules publish each day, at 05:00 in New Jersey', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
      const due = crons.filter((cron) => {
        const [minute, hour] = cron.split(' ').map(Number) as [number, number]
        return publishDue(cron, new Date(day + hour * 3_600_000 + minute * 60_000)).due
      })
      expect(due, new Date(day).toISOString()).toHaveLength(1)
    }
  })

  it('publishes only when the guard says so, one run at a time, never cancelling one', () => {
    expect(publish.concurrency).toEqual({ group: 'publish', 'cancel-in-progress': false })
    const guard = publish.jobs.due?.steps.find((step) => step.id === 'due')
    expect(guard?.run).toBe('npm run schedule:due -- "$FIRED"')
    expect(guard?.env).toEqual({ FIRED: '${{ github.event.schedule }}' })
    expect(publish.jobs.publish).toMatchObject({
      needs: 'due',
      if: "needs.due.outputs.due == 'true' && github.ref == 'refs/heads/main'",
    })
    expect(publish.jobs.publish?.steps.slice(2).map((step) => step.run)).toEqual([
      'npm install',
      'npm run publish:dates -- "$RUNNER_TEMP/page-dates.json"',
      'npm run build',
      'npm run deploy',
      'npm run sign-in:status',
    ])
  })

  it("says on the summary whether the editor's sign-in works, knowing when another service does it", () => {
    const status = publish.jobs.publish?.steps.at(-1)
    expect(status?.run).toBe('npm run sign-in:status')
    expect(status?.env).toEqual({ SITE_EDITOR_AUTH_URL: '${{ vars.SITE_EDITOR_AUTH_URL }}' })
  })

  it('tells the build where the site editor signs staff in (a variable, never a secret)', () => {
    const build = publish.jobs.publish?.steps.find((step) => step.run === 'npm run build')
    expect(build?.env).toEqual({
      SITE_EDITOR_AUTH_URL: '${{ vars.SITE_EDITOR_AUTH_URL }}',
      SITE_EDITOR_AUTH_SCOPE: '${{ vars.SITE_EDITOR_AUTH_SCOPE }}',
    })
  })

  it('hands the deploy the Cloudflare secrets and variable it checks for', () => {
    const deploy = publish.jobs.publish?.steps.find((step) => step.run === 'npm run deploy')
    const expected = Object.fromEntries(
      SETTINGS.map(({ name, kind }) => [
        name,
        `\${{ ${kind === 'secret' ? 'secrets' : 'vars'}.${name} }}`,
      ])
    )
    expect(deploy?.env).toEqual(expected)
  })
})

describe('links.yml', () => {
  const links = load('links.yml')

  it('checks the outside links and audits the dependencies every week, and by hand', () => {
    expect(links.on.schedule).toEqual([{ cron: expect.stringMatching(/^\d+ \d+ \* \* [0-6]$/) }])
    expect(links.on).toHaveProperty('workflow_dispatch')
    expect(Object.values(links.jobs).map((job) => job.steps.at(-1)?.run)).toEqual([
      'npm run check:links',
      'npm run --silent audit:report -- --issue >> "$GITHUB_STEP_SUMMARY"',
    ])
    expect(links.jobs.audit?.steps.at(-1)?.env).toEqual({ GITHUB_TOKEN: '${{ github.token }}' })
  })
})

describe('who reviews what, and what keeps the dependencies current', () => {
  it('makes a maintainer review every path outside content/ (CODEOWNERS)', () => {
    const rules = readFileSync(join(process.cwd(), '.github', 'CODEOWNERS'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/))
    expect(rules).toEqual([['*', expect.stringMatching(/^@[\w-]+(\/[\w-]+)?$/)], ['/content/']])
  })

  it('has Dependabot keep the actions and npm packages current, grouped, every week', () => {
    const config = parse(
      readFileSync(join(process.cwd(), '.github', 'dependabot.yml'), 'utf8')
    ) as {
      updates: { 'package-ecosystem': string; schedule: { interval: string }; groups: object }[]
    }
    expect(config.updates.map((u) => u['package-ecosystem'])).toEqual(['github-actions', 'npm'])
    for (const update of config.updates) {
      expect(update.schedule.interval).toBe('weekly')
      expect(Object.keys(update.groups)).toHaveLength(1)
    }
  })
})
