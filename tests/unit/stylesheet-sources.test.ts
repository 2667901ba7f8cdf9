import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import tailwind from '../../tailwind.config.ts'

// Tailwind writes a rule for every word in the files it reads that looks
// like a class. It reads only the folders app/globals.css names: the site's
// code and the editor's preview. A folder that was moved or renamed would be
// read no more (or, before, an exclusion of an old folder silently did nothing).

const stylesheet = join(process.cwd(), 'app', 'globals.css')
const css = readFileSync(stylesheet, 'utf8')
const sources = [...css.matchAll(/@source\s+(not\s+)?'([^']+)'/g)].map((m) => ({
  not: Boolean(m[1]),
  path: m[2]!,
}))

describe("the stylesheet's sources", () => {
  it('are named, not guessed from every file of the project', () => {
    expect(css).toMatch(/@import 'tailwindcss' source\(none\);/)
    expect(sources.filter((s) => !s.not).map((s) => s.path)).toContain('../components')
  })

  it('all exist', () => {
    const missing = sources.filter((s) => !existsSync(resolve(join(process.cwd(), 'app'), s.path)))
    expect(missing).toEqual([])
  })

  it('leave out staff content, tests and tools', () => {
    for (const { path } of sources) expect(path).not.toMatch(/^\.\.\/(content|tests|tools)\b/)
  })
})

describe('the stacking tokens (tailwind.config.ts)', () => {
  it('are each used by a class or a theme() of the stylesheet or the components', () => {
    const sources = execFileSync('git', ['ls-files', 'app', 'components', 'lib', 'site-editor'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(css|tsx?)$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    const names = Object.keys(tailwind.theme?.extend?.zIndex ?? {})
    expect(names.length).toBeGreaterThan(0)
    const unused = names.filter(
      (name) => !new RegExp(`\\bz-${name}\\b|zIndex\\.${name}\\b`).test(sources)
    )
    expect(unused).toEqual([])
  })
})
