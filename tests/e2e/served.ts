import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  localConfig,
  makeCertificate,
  nginxPrefix,
  startNginx,
  type RunningNginx,
} from '#tests/helpers/nginx.ts'
import { freePort } from '#tests/helpers/ports.ts'
import type { Page } from '@playwright/test'
import { expect, test as guarded, watchPage } from './guarded-test.ts'

// Which server the browser tests talk to. The `cloudflare` project uses
// Cloudflare's own local runtime, `wrangler pages dev` on workerd
// (tools/serve/cloudflare-dev.ts, Playwright's webServer), which applies
// out/_headers, the redirects and the not-found page with Cloudflare's code.
// The `nginx` project serves out/ with real nginx and the configuration the build
// wrote (build/nginx.conf), over HTTPS with a certificate made for the run:
// each Playwright worker starts its own nginx in the foreground on free
// ports, and stops it when the worker ends. Only the tests of that project
// start nginx; where nginx is missing they fail and say how to install it.

export type ServerOptions = {
  /** `nginx`: serve with real nginx and the shipped configuration. */
  server: 'cloudflare' | 'nginx'
}

/** build/nginx.conf, made to run here (tests/helpers/nginx.ts localConfig says what changes). */
async function startShippedNginx(): Promise<RunningNginx> {
  const shipped = join(process.cwd(), 'build', 'nginx.conf')
  if (!existsSync(shipped))
    throw new Error('build/nginx.conf is missing: run `npm run build` before the browser tests.')
  const dir = mkdtempSync(join(tmpdir(), 'nginx-e2e-'))
  try {
    const ports = { httpsPort: await freePort(), httpPort: await freePort() }
    // A copy of out/ in the prefix folder: as root, nginx's workers run as
    // nobody, who may not be allowed into the checkout (a clone in a private
    // temporary folder, a home folder).
    const site = join(dir, 'site')
    cpSync(join(process.cwd(), 'out'), site, { recursive: true })
    const config = localConfig(readFileSync(shipped, 'utf8'), {
      ...makeCertificate(dir),
      ...ports,
      root: site,
    })
    return await startNginx(nginxPrefix(config, dir), ports)
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

export const test = guarded.extend<
  Record<never, never>,
  ServerOptions & { nginx: RunningNginx | undefined }
>({
  server: ['cloudflare', { option: true, scope: 'worker' }],
  nginx: [
    async ({ server }, use) => {
      if (server !== 'nginx') return use(undefined)
      const nginx = await startShippedNginx()
      await use(nginx)
      await nginx.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: [async ({ baseURL, nginx }, use) => use(nginx?.https ?? baseURL), { scope: 'test' }],
})

/**
 * The same without the guard, for tests that expect a report (the browser
 * logs a 404 status; a refused WebAssembly compile is a policy violation)
 * and check the rest themselves with watchPage.
 */
export const unguarded = test.extend({ guard: false })

/**
 * For tests that load a route and read it, type or click in it, and leave the page's own settings
 * alone (no route, clock, listener or script switched off): one page per worker, as a new page
 * starts a browser process (most of a second here) and compiles the audits' scripts again. Each
 * test still loads its own route first, and fails, as every test does, on a policy violation or
 * a console error while it runs. (The `cloudflare` project only: its base address.)
 */
type Watched = { page: Page; problems: Awaited<ReturnType<typeof watchPage>> }
export const onWorkerPage = unguarded.extend<{ shared: Page }, { workerPage: Watched }>({
  workerPage: [
    // (`run`, not `use`: the lint rules for React hooks would take it for one.)
    async ({ browser }, run, { project }) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = project.use
      const options = { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }
      const context = await browser.newContext(options)
      const page = await context.newPage()
      await run({ page, problems: await watchPage(page) })
      await context.close()
    },
    { scope: 'worker' },
  ],
  shared: async ({ workerPage: { page, problems }, viewport }, run) => {
    // As a new page: the test's size, screen media, the pointer in a corner, whatever the test
    // before did.
    await page.setViewportSize(viewport ?? { width: 1280, height: 720 })
    await page.emulateMedia({ media: null })
    await page.mouse.move(0, 0)
    const before = (await problems()).consoleErrors.length
    await run(page)
    const { violations, consoleErrors } = await problems()
    expect(violations, 'Content-Security-Policy violations').toEqual([])
    expect(consoleErrors.slice(before), 'console errors').toEqual([])
  },
})

export { expect }
