import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy } from '../helpers/content.ts'

// A failed build, at any step, leaves the previous out/ as it was: the
// content is checked before anything is written, and the site is built in
// a staging folder that replaces out/ only when every step has passed.

/** A scratch project that links to this one's code, with an old export in out/. */
function scratchProject(parts: string[]): string {
  const project = mkdtempSync(join(tmpdir(), 'project-'))
  for (const name of parts) symlinkSync(join(process.cwd(), name), join(project, name))
  mkdirSync(join(project, 'out'))
  writeFileSync(join(project, 'out', 'index.html'), '<p>old export</p>')
  return project
}

const build = (project: string, contentDir: string) =>
  spawnSync('npm', ['run', 'build'], {
    cwd: project,
    env: { ...process.env, CONTENT_DIR: contentDir },
    encoding: 'utf8',
  })

const oldExport = (project: string) => readFileSync(join(project, 'out', 'index.html'), 'utf8')

describe('a failed build', () => {
  it('stops at a content mistake before anything is built, and keeps the old out/', () => {
    const project = scratchProject([
      'package.json',
      'node_modules',
      'tools',
      'site-editor',
      'lib',
      'tsconfig.json',
    ])
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: forty')

    const run = build(project, dir)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /Content check: 1 error to fix\. Nothing is built until they are fixed\.\n\s+.*data\/fees\.yaml:7: field "amount" \(inspection, tiers entry 1\) should be a number but is the text "forty"/
    )
    expect(run.stderr).toContain('out/ is unchanged')
    expect(oldExport(project)).toBe('<p>old export</p>')
    expect(existsSync(join(project, '.next'))).toBe(false)
    expect(existsSync(join(project, 'public'))).toBe(false)
  })

  it('refuses a content pull request that adds a page and a script to the captions folder', () => {
    const project = scratchProject([
      'package.json',
      'node_modules',
      'tools',
      'site-editor',
      'lib',
      'tsconfig.json',
    ])
    const dir = fixtureCopy()
    writeFileSync(join(dir, 'captions', 'pay.html'), '<script src="/captions/steal.js"></script>')
    writeFileSync(join(dir, 'captions', 'steal.js'), 'alert(localStorage.length)')

    const run = build(project, dir)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/captions\/pay\.html: is not a captions file/)
    expect(run.stderr).toMatch(/captions\/steal\.js: is not a captions file/)
    expect(oldExport(project)).toBe('<p>old export</p>')
    expect(existsSync(join(project, 'out', 'captions'))).toBe(false)
  })

  it('keeps the old out/ when the Next.js build itself fails', () => {
    // No app/ folder: content and scripts are fine, but Next has nothing to build.
    const project = scratchProject([
      'package.json',
      'node_modules',
      'tools',
      'site-editor',
      'lib',
      'tsconfig.json',
      'next.config.ts',
    ])
    const run = build(project, fixtureCopy())
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('The Next.js build failed; out/ is unchanged.')
    expect(oldExport(project)).toBe('<p>old export</p>')
  })
})
