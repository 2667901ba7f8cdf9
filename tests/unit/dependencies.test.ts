import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { describe, expect, it } from 'vitest'
import packageJson from '../../package.json'
import decapApp from '../../node_modules/decap-cms-app/package.json'

// Every direct dependency is used: imported by a tracked file, or needed in
// one of the few ways an import does not show. (`rolldown`, `postcss` and
// `@types/hast` were direct dependencies that nothing used; vite, Tailwind and
// hast-util-sanitize bring their own.)
const USED_WITHOUT_AN_IMPORT: Record<string, string> = {
  node: 'the Node 24 every npm script runs on',
  typescript: 'npm run typecheck (tsc)',
  concurrently: 'npm test runs its steps side by side',
  '@testing-library/dom': 'a peer dependency of @testing-library/react',
  '@types/node': 'the types of node: imports',
  '@types/react': 'the types of react',
  '@types/react-dom': 'the types of react-dom',
}

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|mts|mjs|css)$/.test(file))
const sources = tracked.map((file) => readFileSync(file, 'utf8')).join('\n')

describe('the direct dependencies', () => {
  const names = [
    ...Object.keys(packageJson.dependencies),
    ...Object.keys(packageJson.devDependencies),
  ]

  it.each(names)('%s is used', (name) => {
    if (USED_WITHOUT_AN_IMPORT[name]) return
    // `@types/x` is used where `x` is imported for its types only.
    const imported = name.replace(/^@types\/(?!.*__)/, '')
    const quoted = imported.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    expect(sources).toMatch(new RegExp(`['"]${quoted}(/[^'"]*)?['"]`))
  })

  it('has no entry left over in the list above', () => {
    for (const name of Object.keys(USED_WITHOUT_AN_IMPORT)) expect(names).toContain(name)
  })
})

describe('what the code imports', () => {
  const declared: Record<string, string> = {
    ...packageJson.dependencies,
    ...packageJson.devDependencies,
  }

  it('is a declared dependency or part of Node, never a package that comes only through another', () => {
    const specifiers = [
      ...sources.matchAll(
        /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)import\s+['"]([^'"]+)['"]/g
      ),
    ]
      .map((m) => m[1] ?? m[2] ?? m[3]!)
      .filter((s) => !/^(\.|#|node:)/.test(s))
    const packages = new Set(
      specifiers.map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/')
      )
    )
    expect(packages.size).toBeGreaterThan(20)
    const undeclared = [...packages].filter(
      (name) => !declared[name] && !declared[`@types/${name}`] && !builtinModules.includes(name)
    )
    expect(undeclared).toEqual([])
  })

  it('takes each part of Decap CMS at the version decap-cms-app brings, so there is one copy of each', () => {
    const parts = Object.keys(declared).filter(
      (name) => name.startsWith('decap-cms-') && name !== 'decap-cms-app'
    )
    expect(parts.length).toBeGreaterThan(0)
    expect(declared['decap-cms-app']).toBe(decapApp.version)
    for (const name of parts)
      expect(declared[name], name).toBe((decapApp.dependencies as Record<string, string>)[name])
  })
})
