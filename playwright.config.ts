import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { SITE_EDITOR_E2E_REPO } from '#tests/site-editor/paths.ts'
import type { ServerOptions } from '#tests/e2e/served.ts'

// Browser tests on the built export in real Chromium (Debian's, or CHROMIUM_PATH), on the servers
// of `npm run serve`, nginx (tests/e2e/served.ts), `npm run site-editor` and `npm run rehearse`.
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const port = Number(process.env.E2E_PORT ?? 4173)
const editorPort = Number(process.env.SITE_EDITOR_E2E_PORT ?? 4174)
// Nothing from the internet (Playwright turns off Chromium's own calls): every host but localhost
// is unknown; tests use local stand-ins.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
]

function shardOf(part: string | undefined) {
  const [current, total] = (part ?? '').split('/').map(Number)
  return current && total ? { current, total } : null
}

export default defineConfig<Record<never, never>, ServerOptions>({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS || 2),
  // One part of the tests (E2E_SHARD=1/3), as each of CI's browser jobs runs; else all of them.
  shard: shardOf(process.env.E2E_SHARD),
  // Only a guard against a hang: a test waits for what it needs, and a busy machine (two test runs
  // at once on two cores) makes a step many times slower without making it wrong.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: chromium, args },
    screenshot: 'only-on-failure',
  },
  // The rehearsal's serial tests (the longest chain: 5 to 13 minutes of one worker, by load) and
  // the site editor first, so both workers stay busy to the end. No project depends on another:
  // Playwright runs a dependent project only once every other test has ended (a worker sat idle).
  projects: [
    { name: 'rehearsal', testDir: 'tests/rehearsal' },
    {
      name: 'site-editor',
      testDir: 'tests/site-editor',
      use: { baseURL: `http://localhost:${editorPort}` },
    },
    // Says once, at the top, how to install nginx where it is missing (each nginx test fails too).
    { name: 'nginx-installed', testMatch: /nginx\.setup\.ts$/ },
    {
      name: 'nginx',
      testMatch: /(nginx|payments)\.spec\.ts$/,
      use: { server: 'nginx', ignoreHTTPSErrors: true },
    },
    { name: 'cloudflare', testIgnore: /nginx\.spec\.ts$/ },
  ],
  webServer: [
    // The Node 24 of node_modules, in full: Playwright's shell may find another Node first.
    {
      command: 'node_modules/.bin/node tools/serve/cloudflare-dev.ts',
      env: { PORT: String(port) },
      url: `http://localhost:${port}/`,
      // Never another server left on the port: the tests are about Cloudflare's.
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM lets wrangler stop workerd and remove its temporary folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: 'node_modules/.bin/node tools/site-editor/local-server.ts',
      env: { PORT: String(editorPort), SITE_EDITOR_REPO: SITE_EDITOR_E2E_REPO },
      url: `http://localhost:${editorPort}/admin/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
})
