import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { SITE_EDITOR_E2E_REPO } from '#tests/site-editor/paths.ts'
import type { ServerOptions } from '#tests/e2e/served.ts'

// Browser tests run against the built export (npm run build), in real
// Chromium: Debian's /usr/bin/chromium here (CHROMIUM_PATH overrides it), or
// Playwright's own browser where that is installed. The projects:
//  - cloudflare: every spec of tests/e2e, served by Cloudflare's own local
//    runtime (`wrangler pages dev` on workerd, tools/serve/cloudflare-dev.ts),
//    the same server as `npm run serve`;
//  - nginx: tests/e2e/nginx.spec.ts and the payment popups, served over HTTPS
//    by real nginx with the configuration the build wrote (each worker starts
//    one; see tests/e2e/served.ts);
//  - site-editor: the site editor (tests/site-editor), served by `npm run site-editor` on a copy of
//    the content in build/site-editor-e2e, which the test resets before it starts.
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const port = Number(process.env.E2E_PORT ?? 4173)
const editorPort = Number(process.env.SITE_EDITOR_E2E_PORT ?? 4174)
// Nothing from the internet: every host but localhost is unknown to the
// browser (frames of other hosts fail to load; tests that need JotForm or
// PayPal answer for them with local stand-ins, before any lookup).
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
]

export default defineConfig<Record<never, never>, ServerOptions>({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: chromium, args },
  },
  // The longest single test (site-editor) and the nginx projects come first, so the
  // two workers stay busy to the end instead of one waiting on them.
  projects: [
    {
      name: 'site-editor',
      testDir: 'tests/site-editor',
      // The editor checks the whole site (650 documents) on each change and
      // save: waits for its states get more time on a busy machine.
      expect: { timeout: 20_000 },
      use: { baseURL: `http://localhost:${editorPort}`, screenshot: 'only-on-failure' },
    },
    // Fails once, saying how to install nginx, where it is missing.
    { name: 'nginx-installed', testMatch: /nginx\.setup\.ts$/ },
    {
      name: 'nginx',
      dependencies: ['nginx-installed'],
      testMatch: /(nginx|payments)\.spec\.ts$/,
      use: {
        server: 'nginx',
        ignoreHTTPSErrors: true,
      },
    },
    { name: 'cloudflare', testIgnore: /nginx\.spec\.ts$/ },
    // The online loop on `npm run rehearse` (tests/rehearsal): it starts its own
    // stand-in for GitHub, builds and serves its own copy of the site.
    {
      name: 'rehearsal',
      testDir: 'tests/rehearsal',
      expect: { timeout: 30_000 },
      use: { screenshot: 'only-on-failure' },
    },
  ],
  webServer: [
    // Both run on the Node 24 in node_modules, named in full: a shell that
    // Playwright starts without npm may find another Node first on its PATH
    // (wrangler needs Node 22 or later; Node 20 cannot run TypeScript).
    {
      command: 'node_modules/.bin/node tools/serve/cloudflare-dev.ts',
      env: { PORT: String(port) },
      url: `http://localhost:${port}/`,
      // Never another server that happens to be on the port (a server left
      // running, or the hand-written one): the tests are about Cloudflare's.
      reuseExistingServer: false,
      // About 4 s here; the limit is generous for a busy machine.
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
