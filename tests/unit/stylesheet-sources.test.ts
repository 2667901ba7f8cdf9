import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

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
