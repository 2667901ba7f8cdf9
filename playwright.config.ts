import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { CMS_E2E_REPO } from './tests/cms/paths'
import type { ServerOptions } from './tests/e2e/served'

// Browser tests run against the built export (npm run build), in real
// Chromium: Debian's /usr/bin/chromium here (CHROMIUM_PATH overrides it), or
// Playwright's own browser where that is installed. The projects:
//  - node: every spec of tests/e2e, served by the same server as `npm run serve`;
//  - nginx: tests/e2e/nginx.spec.ts and the payment popups, served over HTTPS
//    by real nginx with the configuration the build wrote (each worker starts
//    one; see tests/e2e/served.ts);
//  - cms: the site editor (tests/cms), served by `npm run cms` on a copy of
//    the content in build/cms-e2e, which the test resets before it starts.
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const port = Number(process.env.E2E_PORT ?? 4173)
const cmsPort = Number(process.env.CMS_E2E_PORT ?? 4174)
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
  // The longest single test (cms) and the nginx projects come first, so the
  // two workers stay busy to the end instead of one waiting on them.
  projects: [
    {
      name: 'cms',
      testDir: 'tests/cms',
      use: { baseURL: `http://localhost:${cmsPort}`, screenshot: 'only-on-failure' },
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
    { name: 'node', testIgnore: /nginx\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: `node --import ./scripts/register-ts.mjs scripts/serve.ts`,
      env: { PORT: String(port) },
      url: `http://localhost:${port}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node --import ./scripts/register-ts.mjs scripts/cms.ts`,
      env: { PORT: String(cmsPort), CMS_REPO: CMS_E2E_REPO },
      url: `http://localhost:${cmsPort}/admin/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
})
