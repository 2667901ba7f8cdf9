import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Node 20 cannot run TypeScript: scripts/register-ts.mjs and ts-hooks.mjs
// strip types (with Oxc, from rolldown) and resolve the `@/` alias, so
// the build scripts run without another tool. (Node 24 strips types itself;
// README says what can go then.)
describe('running the TypeScript build scripts on Node', () => {
  it('strips types and resolves @/, extension-less and folder imports', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/register-ts.mjs', 'tests/fixtures/ts-hooks/entry.ts'],
      { encoding: 'utf8' }
    )
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('$43.00 from a folder')
  })

  it('reports a missing module instead of guessing', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/register-ts.mjs', '--input-type=module', '-e', "import '@/lib/nope'"],
      { encoding: 'utf8' }
    )
    expect(run.status).not.toBe(0)
    expect(run.stderr).toMatch(/Cannot find (module|package)/)
  })

  it('stops at a file that is not valid TypeScript, naming it', () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'ts-hooks-')), 'broken.ts')
    writeFileSync(broken, 'export const total: number = (1 +\n')
    const run = spawnSync(process.execPath, ['--import', './scripts/register-ts.mjs', broken], {
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain(broken)
  })
})
