import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SETTINGS } from '#tools/ops/deploy.ts'
import { PLAN, checksFor } from '#tools/ops/check-pull-request.ts'
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
  name?: string
  environment?: string
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
  it.each(workflows)(
    '$name runs only npm scripts and .ci/run after set-up',
    ({ name, workflow }) => {
      for (const step of steps(workflow)) {
        if (step.uses) {
          // Official actions only (each pinned to a commit: see below).
          expect(step.uses).toMatch(
            /^actions\/(checkout|setup-node|cache|upload-artifact|download-artifact)@[0-9a-f]{40}$/
          )
          // A build cache only where pull requests are checked: the live site builds without one.
          if (step.uses.startsWith('actions/cache@')) {
            expect(name).toBe('checks.yml')
            expect(step.with?.path).toBe('.next/cache')
          }
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
    }
  )

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
    '$name can only read the repository, but where it tells staff in an issue, reads or re-runs the checks, or posts a preview',
    ({ workflow }) => {
      expect(workflow.permissions).toEqual({ contents: 'read' })
      for (const job of Object.values(workflow.jobs))
        expect([
          undefined,
          { contents: 'read', issues: 'write' },
          { contents: 'read', actions: 'read' },
          { contents: 'read', actions: 'write', checks: 'read', issues: 'write' },
          { contents: 'read', actions: 'read', checks: 'write', statuses: 'write' },
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

  const runs = (job: Job | undefined) =>
    job?.steps.filter((step) => step.run !== undefined).map((step) => step.run)
  const BASE = { BASE: '${{ github.event.pull_request.base.sha }}' }

  it("runs the quick checks and npm test's two halves as side-by-side jobs, each by check:pull-request with the base to compare with", () => {
    const { quick, 'full-checks': checksJob, 'full-served': served } = checks.jobs
    expect(Object.keys(checks.jobs).sort()).toEqual([
      'audit',
      'full-checks',
      'full-served',
      'quick',
    ])
    for (const [job, part] of [
      [quick, 'quick'],
      [checksJob, 'checks'],
      [served, 'served'],
    ] as const) {
      expect(job?.steps[0]?.with?.['fetch-depth']).toBe(0)
      expect(job?.steps[1]?.with?.['node-version']).toBe(24)
      expect(runs(job)?.slice(0, 2)).toEqual([
        'npm install',
        `npm run check:pull-request -- ${part}`,
      ])
      const check = job?.steps.find((step) =>
        String(step.run).startsWith('npm run check:pull-request')
      )
      expect(check?.env).toEqual(BASE)
    }
    // Each part is one shard of Playwright's, read by playwright.config.ts.
    expect(served?.strategy).toEqual({ 'fail-fast': false, matrix: { part: [1, 2, 3] } })
    expect(served?.env).toEqual({ E2E_SHARD: '${{ matrix.part }}/3' })
    expect(readFileSync(join(process.cwd(), 'playwright.config.ts'), 'utf8')).toContain(
      'shardOf(process.env.E2E_SHARD)'
    )
  })

  it('runs, for a change to code, exactly the scripts npm test runs; for a change only to content/, what content can break', () => {
    const halves = [...packageJson.scripts.test.matchAll(/npm run --silent ([\w:]+)/g)].map(
      ([, name]) => name
    )
    expect(halves).toEqual(['test:checks', 'test:served'])
    const code = ['quick', 'checks', 'served'].flatMap((job) =>
      checksFor(job as never, ['lib/x.ts'])
    )
    expect(code).toEqual([['test:quick'], ['test:checks'], ['build'], ['test:served']])
    for (const changed of [['content/a.md', 'lib/x.ts'], ['package.json'], [], undefined])
      expect(checksFor('served', changed)).toBe(PLAN.served.code)
    const content = ['content/data/alerts.yaml', 'content/pages/fees.md']
    expect(checksFor('served', content)).toBe(PLAN.served.content)
    for (const { content, code } of Object.values(PLAN))
      for (const [script] of [...content, ...code])
        expect(packageJson.scripts).toHaveProperty(script!)
  })

  it('uploads the built site of a pull request for preview.yml, which runs none of its code, and lists the notices', () => {
    const steps = checks.jobs.quick?.steps ?? []
    expect(steps.at(-1)).toMatchObject({
      if: "github.event_name == 'pull_request'",
      with: { name: 'site-preview', path: 'out/' },
    })
    expect(steps.at(-2)?.run).toBe(
      'npm run --silent check:content -- --summary >> "$GITHUB_STEP_SUMMARY"'
    )
  })

  it('audits every dependency for information only: the summary, never a failed check', () => {
    expect(checks.jobs.audit?.steps.at(-1)?.run).toBe(
      'npm run --silent audit:report >> "$GITHUB_STEP_SUMMARY"'
    )
    expect(packageJson.scripts['audit:report']).toBe('node tools/ops/audit.ts')
  })
})

describe('preview.yml', () => {
  const preview = load('preview.yml')

  it('runs after the checks with main’s code, never checking out a pull request’s', () => {
    expect(preview.on).toEqual({ workflow_run: { workflows: ['checks'], types: ['completed'] } })
    for (const step of steps(preview)) expect(step.with?.ref).toBeUndefined()
  })

  it('re-runs a check that could not finish once, then tells the maintainers in an issue', () => {
    const { retry } = preview.jobs
    expect(retry?.if).toContain("github.event.workflow_run.conclusion != 'success'")
    expect(retry?.steps.at(-1)).toMatchObject({
      run: 'npm run check:after',
      env: { RUN_ATTEMPT: '${{ github.event.workflow_run.run_attempt }}' },
    })
  })

  it('builds the base in its own job, before the job that handles the pull request’s built files', () => {
    const { base, preview: job } = preview.jobs
    expect(base?.steps.map((step) => step.run).filter(Boolean)).toEqual([
      'npm install',
      'npm run build',
    ])
    expect(job?.needs).toBe('base')
    expect(job?.environment).toBe('preview')
    const download = job?.steps.find((step) => step.with?.name === 'site-preview')
    expect(download?.with).toMatchObject({ 'run-id': '${{ github.event.workflow_run.id }}' })
    expect(job?.steps.at(-1)?.run).toBe('npm run preview:publish')
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

  it('deploys in the production environment, which only main may deploy from', () => {
    expect(publish.jobs.publish?.environment).toBe('production')
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
