import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

// Test files that mock a module (vi.mock, vi.doMock) are isolated; the others share their
// worker's modules (isolate: false), which halves the run.
function mocking(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `${dir}/${name.split('\\').join('/')}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')))
}

/** The same tests in two projects: shared modules, and isolated for the files that mock. */
function split(name: string, dir: string, pattern: string, timeout: number, extra = {}) {
  const isolated = mocking(dir)
  const test = {
    environment: 'node',
    globals: true,
    testTimeout: timeout,
    hookTimeout: timeout,
    ...extra,
  }
  return [
    {
      test: { ...test, name, include: [`${dir}/${pattern}`], exclude: isolated, isolate: false },
    },
    ...(isolated.length > 0
      ? [{ test: { ...test, name: `${name}-isolated`, include: isolated } }]
      : []),
  ]
}

// Unit tests, React components in a simulated DOM, and checks over the built export in out/.
export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/temp-root.ts'],
    projects: [
      // Some tests start a program or a server, and the export checks parse every page in
      // `beforeAll`: a busy machine makes them slow; none waits on time.
      ...split('unit', 'tests/unit', '**/*.test.ts', 30_000),
      ...split('components', 'tests/components', '**/*.test.{ts,tsx}', 30_000, {
        environment: 'jsdom',
        setupFiles: ['tests/components/setup.ts'],
      }),
      ...split('export', 'tests/export', '**/*.test.ts', 60_000),
    ],
  },
})
