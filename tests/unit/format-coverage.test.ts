import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { getFileInfo } from 'prettier'
import { describe, expect, it } from 'vitest'

// `npm test` checks the format (Prettier) and the lint (ESLint) of every
// source file. An ignore pattern written too broadly once hid 39 files of
// lib/ from the format check ("build" matched lib/build/); this finds any
// source file that either check would skip. Staff content (content/) and
// test fixtures are left to the content check on purpose.

const root = process.cwd()
/** Folders that hold no source: dependencies, outputs, caches, and git itself. */
const OUTPUTS = new Set([
  'node_modules',
  '.git',
  '.next',
  'out',
  'build',
  'public',
  'test-results',
  'playwright-report',
  'bench-results',
  '.wrangler',
])

function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return OUTPUTS.has(entry.name) ? [] : sourceFiles(path)
    return [relative(root, path)]
  })
}

const intended = (file: string) => file.startsWith('content/') || file.startsWith('tests/fixtures/')

describe('the format check and the lint', () => {
  // Real work (the two tools' settings for every file of the project): a minute, under load.
  it(
    'cover every source file but staff content and test fixtures',
    { timeout: 120_000 },
    async () => {
      const files = sourceFiles().filter((f) => !intended(f))
      const ignorePath = join(root, '.prettierignore')
      const formatted = files.filter((f) => /\.(ts|tsx|mts|mjs|js|json|md|ya?ml|css)$/.test(f))
      const infos = await Promise.all(
        formatted.map((f) => getFileInfo(join(root, f), { ignorePath }))
      )
      const unformatted = formatted.filter((_, i) => infos[i]!.ignored || !infos[i]!.inferredParser)
      expect(unformatted).toEqual(['package-lock.json'])

      const eslint = new ESLint({ cwd: root })
      const linted = files.filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f))
      const ignored = await Promise.all(linted.map((f) => eslint.isPathIgnored(join(root, f))))
      const unlinted = linted.filter((_, i) => ignored[i])
      expect(unlinted).toEqual(['next-env.d.ts'].filter((f) => files.includes(f)))
    }
  )
})

describe('the rooms ESLint holds (ROOMS in eslint.config.mjs)', () => {
  it(
    'refuse an import of every room a room does not name, by alias or by relative path',
    { timeout: 120_000 },
    async () => {
      const eslint = new ESLint({ cwd: root })
      const { ROOMS: rooms }: { ROOMS: Record<string, string[]> } = await import(
        join(root, 'eslint.config.mjs')
      )
      for (const room of Object.keys(rooms)) {
        // One import a line, each of a file in another room: #tools/ops/x.ts, and ../ops/x.ts
        // between two folders of tools/; the editor also may not import Node's own modules.
        const tried = Object.keys(rooms)
          .filter((other) => other !== room)
          .flatMap((other) => {
            const allowed = rooms[room]!.includes(other)
            const sibling = room.startsWith('tools/') && other.startsWith('tools/')
            return [
              { specifier: `#${other}/x.ts`, allowed },
              ...(sibling ? [{ specifier: `../${other.slice(6)}/x.ts`, allowed }] : []),
            ]
          })
        if (room === 'site-editor') tried.push({ specifier: 'node:fs', allowed: false })
        const [result] = await eslint.lintText(
          tried.map(({ specifier }) => `import '${specifier}'`).join('\n') + '\n',
          { filePath: join(root, room, 'room-check.ts') }
        )
        const refused = new Set(
          result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line)
        )
        for (const [i, { specifier, allowed }] of tried.entries())
          expect(refused.has(i + 1), `${room}/ importing ${specifier}`).toBe(!allowed)
      }
    }
  )
})
