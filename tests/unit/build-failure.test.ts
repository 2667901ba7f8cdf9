import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy } from '../helpers/content'

// A content mistake stops the build before anything is written to out/: the
// build script empties out/ first and checks the content before Next runs.

describe('a failed content check', () => {
  it('stops npm run build before Next runs, leaving no out/ behind', () => {
    // A scratch project that links to this one's code, with an old export.
    const project = mkdtempSync(join(tmpdir(), 'project-'))
    for (const name of ['package.json', 'node_modules', 'scripts', 'lib', 'tsconfig.json']) {
      symlinkSync(join(process.cwd(), name), join(project, name))
    }
    mkdirSync(join(project, 'out'))
    writeFileSync(join(project, 'out', 'index.html'), '<p>old export</p>')
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 45.00', 'amount: forty-five')

    const run = spawnSync('npm', ['run', 'build'], {
      cwd: project,
      env: { ...process.env, CONTENT_DIR: dir },
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toMatch(
      /Content error \(nothing was built\):\n\s+.*data\/fees\.yaml:\d+: field "inspection\.tiers\[0\]\.amount" should be a number but is the text "forty-five"/
    )
    expect(existsSync(join(project, 'out'))).toBe(false)
    expect(existsSync(join(project, '.next'))).toBe(false)
  }, 60_000)
})
