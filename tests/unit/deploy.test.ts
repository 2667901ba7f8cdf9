import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleFunctions, planDeploy } from '#tools/ops/deploy.ts'
import { filesIn, FUNCTIONS_DIR } from '#tools/shared/files.ts'

const SETTINGS = {
  CLOUDFLARE_API_TOKEN: 'token-123',
  CLOUDFLARE_ACCOUNT_ID: 'account-456',
  CLOUDFLARE_PAGES_PROJECT: 'mtfp1-bureau',
}
const BUILT = { index: true, headers: true }

describe('planDeploy', () => {
  it('runs the locked wrangler (never one fetched afresh), deploying out/ to the main branch', () => {
    expect(
      planDeploy(SETTINGS, BUILT, 'main', '/project/node_modules/wrangler/bin/wrangler.js')
    ).toEqual({
      action: 'run',
      command: process.execPath,
      args: [
        '/project/node_modules/wrangler/bin/wrangler.js',
        'pages',
        'deploy',
        'out',
        '--project-name',
        'mtfp1-bureau',
        '--branch',
        'main',
      ],
    })
  })

  it('runs DEPLOY_COMMAND instead, when it is set', () => {
    const wrapped = planDeploy({ ...SETTINGS, DEPLOY_COMMAND: ' node  /tmp/fake.mjs ' }, BUILT)
    expect(wrapped).toMatchObject({ command: 'node' })
    expect(wrapped.action === 'run' && wrapped.args.slice(0, 2)).toEqual(['/tmp/fake.mjs', 'pages'])
    const plan = planDeploy({ ...SETTINGS, DEPLOY_COMMAND: '/bin/fake' }, BUILT)
    expect(plan).toMatchObject({ action: 'run', command: '/bin/fake' })
    expect(plan.action === 'run' && plan.args[0]).toBe('pages')
  })

  it('refuses, saying plainly that nothing was published and naming every setting, when none is set', () => {
    // GitHub passes an unset secret or variable as an empty string.
    const plan = planDeploy({ CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: ' ' }, BUILT)
    expect(plan).toEqual({
      action: 'refuse',
      message:
        'Nothing was published: the site was built, but CLOUDFLARE_API_TOKEN (secret), CLOUDFLARE_ACCOUNT_ID (secret), ' +
        'CLOUDFLARE_PAGES_PROJECT (variable) are not set, so it was not sent to Cloudflare Pages. Add them in the ' +
        'repository\'s Settings > Secrets and variables > Actions, as deploy/README.md ("Cloudflare Pages") explains.',
    })
  })

  it('fails, naming what is missing, when the settings are only partly set', () => {
    const plan = planDeploy(
      { CLOUDFLARE_ACCOUNT_ID: 'account-456', CLOUDFLARE_API_TOKEN: 'token' },
      BUILT
    )
    expect(plan).toEqual({
      action: 'refuse',
      message:
        'Deploy failed: the Cloudflare settings are only partly set. Missing: CLOUDFLARE_PAGES_PROJECT (variable). ' +
        'Add it in the repository\'s Settings > Secrets and variables > Actions, as deploy/README.md ("Cloudflare Pages") explains.',
    })
  })

  it('refuses when out/ has no index.html or no _headers, before looking at the settings', () => {
    expect(planDeploy(SETTINGS, { index: false, headers: true })).toMatchObject({
      action: 'refuse',
      message: expect.stringMatching(
        /^Deploy refused: out\/index\.html is missing\. Run `npm run build` first/
      ),
    })
    expect(planDeploy({}, { index: true, headers: false })).toMatchObject({
      action: 'refuse',
      message: expect.stringContaining('out/_headers is missing'),
    })
    expect(planDeploy({}, { index: false, headers: false })).toMatchObject({
      action: 'refuse',
      message: expect.stringContaining('out/index.html and out/_headers are missing'),
    })
  })
})

describe('npm run deploy', () => {
  const script = join(process.cwd(), 'tools', 'ops', 'deploy.ts')

  /** A project folder with a built out/ (or parts of one), and a fake Cloudflare CLI. */
  function project(files: string[] = ['index.html', '_headers']) {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-'))
    mkdirSync(join(dir, 'out'))
    for (const file of files) writeFileSync(join(dir, 'out', file), 'x')
    const fake = join(dir, 'fake-wrangler.mjs')
    writeFileSync(
      fake,
      `import { writeFileSync } from 'node:fs'
writeFileSync(process.env.FAKE_LOG, JSON.stringify({
  args: process.argv.slice(2),
  cwd: process.cwd(),
  token: process.env.CLOUDFLARE_API_TOKEN,
  account: process.env.CLOUDFLARE_ACCOUNT_ID,
}))
process.exit(Number(process.env.FAKE_EXIT ?? 0))
`
    )
    return { dir, log: join(dir, 'fake.json'), command: `${process.execPath} ${fake}` }
  }

  function deploy(dir: string, env: Record<string, string>) {
    // Only the variables given here: none of the caller's Cloudflare settings.
    const base = {
      NODE_ENV: 'test' as const,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
    }
    return spawnSync(process.execPath, [script], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...base, ...env },
    })
  }

  it('runs the CLI with the exact arguments and the credentials in its environment', () => {
    const { dir, log, command } = project()
    const run = deploy(dir, { ...SETTINGS, DEPLOY_COMMAND: command, FAKE_LOG: log })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const seen = JSON.parse(readFileSync(log, 'utf8')) as Record<string, unknown>
    expect(seen).toMatchObject({
      args: ['pages', 'deploy', 'out', '--project-name', 'mtfp1-bureau', '--branch', 'main'],
      token: 'token-123',
      account: 'account-456',
    })
    // In a folder of its own, never the working copy.
    expect(seen.cwd).not.toBe(dir)
  })

  it('deploys only out/ and the reviewed functions: nothing a pull request adds elsewhere', () => {
    const { dir, log, command } = project()
    mkdirSync(join(dir, 'functions', 'api'), { recursive: true })
    writeFileSync(
      join(dir, 'functions', 'api', 'auth.ts'),
      "import { answer } from '../helper.ts'\nexport const onRequestGet = () => answer()\n"
    )
    writeFileSync(join(dir, 'functions', 'helper.ts'), "export const answer = () => 'reviewed'\n")
    mkdirSync(join(dir, 'content', 'functions'), { recursive: true })
    writeFileSync(join(dir, 'content', 'functions', 'evil.ts'), '// not reviewed')
    writeFileSync(join(dir, 'wrangler.toml'), 'name = "evil"')
    writeFileSync(join(dir, 'content', 'wrangler.json'), '{}')
    const fake = join(dir, 'fake-ls.mjs')
    writeFileSync(
      fake,
      `import { readdirSync, writeFileSync } from 'node:fs'
writeFileSync(process.env.FAKE_LOG, JSON.stringify(readdirSync('.', { recursive: true }).sort()))
`
    )
    const run = deploy(dir, {
      ...SETTINGS,
      DEPLOY_COMMAND: `${process.execPath} ${fake}`,
      FAKE_LOG: log,
    })
    expect(run.status).toBe(0)
    void command
    expect(JSON.parse(readFileSync(log, 'utf8'))).toEqual([
      'functions',
      'functions/api',
      'functions/api/auth.js',
      'out',
      'out/_headers',
      'out/index.html',
    ])
  })

  it('deploys a preview (a branch other than main) as static files only: no functions, no Pages worker or routes', () => {
    const { dir, log } = project()
    mkdirSync(join(dir, 'functions'))
    writeFileSync(join(dir, 'functions', 'auth.ts'), 'export const onRequest = () => 1\n')
    mkdirSync(join(dir, 'out', '_worker.js'))
    writeFileSync(join(dir, 'out', '_worker.js', 'index.js'), 'export default {}\n')
    writeFileSync(join(dir, 'out', '_routes.json'), '{}')
    const fake = join(dir, 'fake-ls.mjs')
    writeFileSync(
      fake,
      `import { readdirSync, writeFileSync } from 'node:fs'
writeFileSync(process.env.FAKE_LOG, JSON.stringify([process.argv.at(-1), ...readdirSync('.', { recursive: true }).sort()]))
`
    )
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `process.exit((await import(${JSON.stringify(script)})).deploy('pr-1'))`,
      ],
      {
        cwd: dir,
        env: {
          NODE_ENV: 'test',
          PATH: process.env.PATH ?? '',
          ...SETTINGS,
          DEPLOY_COMMAND: `${process.execPath} ${fake}`,
          FAKE_LOG: log,
        },
      }
    )
    expect(run.status).toBe(0)
    expect(JSON.parse(readFileSync(log, 'utf8'))).toEqual([
      'pr-1',
      'out',
      'out/_headers',
      'out/index.html',
    ])
  })

  it('exits with the exit code of the CLI', () => {
    const { dir, log, command } = project()
    const run = deploy(dir, { ...SETTINGS, DEPLOY_COMMAND: command, FAKE_LOG: log, FAKE_EXIT: '3' })
    expect(run.status).toBe(3)
    expect(existsSync(log)).toBe(true)
  })

  it("exits 1 when none is set, running nothing, and says on the run's summary that nothing was published", () => {
    const { dir, log, command } = project()
    const summary = join(dir, 'summary.md')
    const run = deploy(dir, {
      DEPLOY_COMMAND: command,
      FAKE_LOG: log,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /^Nothing was published: the site was built, but CLOUDFLARE_API_TOKEN/
    )
    expect(run.stdout).toMatch(/^::error title=Not published::Nothing was published: /m)
    expect(readFileSync(summary, 'utf8')).toMatch(
      /^## Not published\n\nNothing was published: .*deploy\/README\.md/
    )
    expect(existsSync(log)).toBe(false)
  })

  it('exits 1, running nothing, when the settings are only partly set', () => {
    const { dir, log, command } = project()
    const run = deploy(dir, {
      CLOUDFLARE_PAGES_PROJECT: 'mtfp1-bureau',
      DEPLOY_COMMAND: command,
      FAKE_LOG: log,
      GITHUB_ACTIONS: 'true',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/only partly set\. Missing: CLOUDFLARE_API_TOKEN/)
    expect(run.stdout).toMatch(/^::error title=Not published::Deploy failed: /m)
    expect(existsSync(log)).toBe(false)
  })

  it('exits 1 without running anything when out/ is missing or incomplete', () => {
    for (const files of [[], ['index.html'], ['_headers']]) {
      const { dir, log, command } = project(files)
      const run = deploy(dir, { ...SETTINGS, DEPLOY_COMMAND: command, FAKE_LOG: log })
      expect(run.status, files.join()).toBe(1)
      expect(run.stderr).toMatch(/^Deploy refused: out\/.* missing/)
      expect(existsSync(log)).toBe(false)
    }
    const empty = mkdtempSync(join(tmpdir(), 'deploy-'))
    expect(deploy(empty, SETTINGS).status).toBe(1)
  })

  it('exits 1 with a message when the CLI cannot be started', () => {
    const { dir } = project()
    const run = deploy(dir, { ...SETTINGS, DEPLOY_COMMAND: join(dir, 'no-such-cli') })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Deploy failed: could not start')
  })
})

describe('the functions as deployed', () => {
  it('are the routes of functions/, each one module with nothing left to import', () => {
    const to = mkdtempSync(join(tmpdir(), 'functions-'))
    const files = bundleFunctions(FUNCTIONS_DIR, to)
    // The module both routes share (sign-in.ts) is bundled into each, not deployed as a route.
    expect(filesIn(FUNCTIONS_DIR)).toContain('sign-in.ts')
    expect(files).toEqual([join('api', 'auth.ts'), join('api', 'callback.ts')])
    for (const file of files) {
      const code = readFileSync(join(to, file.replace(/\.ts$/, '.js')), 'utf8')
      expect(code, file).toMatch(/export\s*\{[^}]*onRequestGet/)
      expect(code, file).not.toMatch(/^\s*import\s/m)
    }
  })
})
