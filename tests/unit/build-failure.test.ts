import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy } from '../helpers/content'

// A content mistake stops the build before anything is written to out/: the
// build script empties out/ first and checks the content before Next runs.

describe('a failed content check', () => {
  it('comes before next build, after out/ is emptied', () => {
    const build: string = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'))
      .scripts.build
    const steps = build.split('&&').map((s) => s.trim())
    expect(steps[0]).toBe('npm run clean')
    expect(steps[1]).toBe('npm run check:content')
    expect(steps.findIndex((s) => s.includes('next build'))).toBeGreaterThan(1)
  })

  it('prints one plain message and exits with an error', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 45.00', 'amount: forty-five')
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/register-ts.mjs', 'scripts/check-content.ts'],
      {
        env: { ...process.env, CONTENT_DIR: dir },
        encoding: 'utf8',
      }
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /Content error \(nothing was built\):\n\s+.*data\/fees\.yaml:\d+: field "inspection\.tiers\[0\]\.amount" should be a number but is the text "forty-five"/
    )
  })
})
