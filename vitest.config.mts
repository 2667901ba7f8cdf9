import { readdirSync, readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// The same tests in two projects: the files that mock a module (vi.mock, vi.doMock) isolated, the
// others sharing their worker's modules (isolate: false), which halves the run.
function split(name: string, dir: string, pattern: string, testTimeout: number, extra = {}) {
  const isolated = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
  const test = { globals: true, testTimeout, hookTimeout: testTimeout, ...extra }
  return [
    { test: { ...test, name, include: [`${dir}/${pattern}`], exclude: isolated, isolate: false } },
    ...(isolated.length > 0
      ? [{ test: { ...test, name: `${name}-isolated`, include: isolated } }]
      : []),
  ]
}

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/temp-root.ts'],
    projects: [
      // The time-outs only guard against a hang: some tests start a program or a server, and the
      // export checks parse every page in `beforeAll`; a busy machine makes them slow, never wrong.
      ...split('unit', 'tests/unit', '**/*.test.ts', 300_000),
      ...split('components', 'tests/components', '**/*.test.{ts,tsx}', 300_000, {
        environment: 'jsdom',
        setupFiles: ['tests/components/setup.ts'],
      }),
      ...split('export', 'tests/export', '**/*.test.ts', 300_000),
    ],
  },
})
