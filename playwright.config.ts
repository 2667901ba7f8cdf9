import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { CMS_E2E_REPO } from './tests/cms/paths'

// Browser tests run against the built export (npm run build), served by the
// same server as `npm run serve`, in real Chromium: Debian's /usr/bin/chromium
// here (CHROMIUM_PATH overrides it), or Playwright's own browser where that is
// installed. Two projects: `site` (the public pages, tests/e2e) and `cms`
// (the site editor, tests/cms, served by `npm run cms` on a copy of the
// content in build/cms-e2e, which the test resets before it starts).
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const port = Number(process.env.E2E_PORT ?? 4173)
const cmsPort = Number(process.env.CMS_E2E_PORT ?? 4174)

export default defineConfig({
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: process.env.CI ? 'line' : 'list',
  projects: [
    { name: 'site', testDir: 'tests/e2e', use: { baseURL: `http://localhost:${port}` } },
    {
      name: 'cms',
      testDir: 'tests/cms',
      use: { baseURL: `http://localhost:${cmsPort}`, screenshot: 'only-on-failure' },
    },
  ],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
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
