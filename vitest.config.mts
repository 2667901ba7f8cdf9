import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

// Test files that replace a module (vi.mock, vi.doMock) get a fresh module
// registry of their own; all other unit and component test files share
// their worker's modules (isolate: false), which halves the run. Found by
// reading the files, so a new test that mocks is isolated without a change here.
function mocking(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `${dir}/${name.split('\\').join('/')}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')))
}

/** The same tests in two projects: shared modules, and isolated for the files that mock. */
function split(name: string, dir: string, pattern: string, test: Record<string, unknown>) {
  const isolated = mocking(dir)
  return [
    {
      test: { ...test, name, include: [`${dir}/${pattern}`], exclude: isolated, isolate: false },
    },
    ...(isolated.length > 0
      ? [{ test: { ...test, name: `${name}-isolated`, include: isolated } }]
      : []),
  ]
}

// Three kinds of test: pure logic (unit), React components in a simulated
// DOM (components), and checks over the built export in out/ (export, run
// after `npm run build`).
export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/temp-root.ts'],
    projects: [
      // 30 s a test: some start a program or a server, which a busy machine
      // (a second `npm test` beside this one) makes slow; none waits on time.
      // Set-up hooks get the same time as the tests: the export checks parse
      // every exported page once in `beforeAll`, which took over Vitest's
      // default 10 s beside two other test runs.
      ...split('unit', 'tests/unit', '**/*.test.ts', {
        environment: 'node',
        globals: true,
        testTimeout: 30_000,
        hookTimeout: 30_000,
      }),
      ...split('components', 'tests/components', '**/*.test.{ts,tsx}', {
        environment: 'jsdom',
        setupFiles: ['tests/components/setup.ts'],
        globals: true,
        testTimeout: 30_000,
        hookTimeout: 30_000,
      }),
      ...split('export', 'tests/export', '**/*.test.ts', {
        environment: 'node',
        globals: true,
        testTimeout: 60_000,
        hookTimeout: 60_000,
      }),
    ],
  },
})
