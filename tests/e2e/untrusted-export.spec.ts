import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { CAPTIONS_PATH } from '#lib/routes.ts'
import { startPagesSite } from '#tests/helpers/pages-dev.ts'
import {
  localConfig,
  makeCertificate,
  nginxPrefix,
  startNginx,
  type RunningNginx,
} from '#tests/helpers/nginx.ts'
import { freePort } from '#tests/helpers/ports.ts'

// Defence in depth (SECURITY.md). The content check keeps
// anything but checked captions files out of the export
// (tests/unit/untrusted-content.test.ts, tests/export/known-files.test.ts).
// Here, as if a page and a script had slipped past it into the captions
// folder anyway, the real export is served with its shipped headers by
// Cloudflare's runtime and by nginx, and Chromium shows that neither the
// slipped page nor a page that names the script can run it: the captions
// folder lets nothing run, and pages run only the browser scripts whose
// hashes their policy names.

const captions = CAPTIONS_PATH.slice(1)
/** What the slipped script would do: read the editor's stored sign-in and leave a mark. */
const STEAL = `localStorage.setItem('stolen', localStorage.getItem('decap-cms-user') || 'nothing')`

/** A copy of out/ with the hostile files in it, and a real page that loads the script. */
function hostileExport(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-export-'))
  cpSync(join(process.cwd(), 'out'), dir, { recursive: true })
  mkdirSync(join(dir, captions), { recursive: true })
  writeFileSync(join(dir, captions, 'steal.js'), STEAL)
  writeFileSync(
    join(dir, captions, 'pay.html'),
    `<!doctype html><title>Pay</title><script src="${CAPTIONS_PATH}steal.js"></script><script>${STEAL}</script>`
  )
  const page = join(dir, 'index.html')
  writeFileSync(
    page,
    readFileSync(page, 'utf8').replace(
      '</body>',
      `<script src="${CAPTIONS_PATH}steal.js"></script></body>`
    )
  )
  return dir
}

type Host = { name: string; origin: string; stop: () => Promise<void> }

async function cloudflare(dir: string): Promise<Host> {
  return { name: 'Cloudflare (wrangler pages dev)', ...(await startPagesSite({ out: dir })) }
}

async function nginx(dir: string): Promise<Host> {
  // In nginx's own folder, as tests/e2e/served.ts does: its workers may not read a private one.
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-hostile-'))
  const root = join(prefix, 'site')
  cpSync(dir, root, { recursive: true })
  const ports = { httpsPort: await freePort(), httpPort: await freePort() }
  const shipped = readFileSync(join(process.cwd(), 'build', 'nginx.conf'), 'utf8')
  const config = localConfig(shipped, { ...makeCertificate(prefix), ...ports, root })
  const running: RunningNginx = await startNginx(nginxPrefix(config, prefix), ports)
  return { name: 'nginx', origin: running.https, stop: running.stop }
}

const test = base.extend<{ page: Page }>({
  // (Named `run`, not `use`: the lint rules for React hooks would take it for one.)
  page: async ({ browser }, run) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    await run(await context.newPage())
    await context.close()
  },
})

for (const start of [cloudflare, nginx]) {
  test(`a page and a script slipped into the captions folder cannot run (${start.name})`, async ({
    page,
  }) => {
    // The host starts inside the test: the 120 s a busy machine gets for the
    // site's own server (playwright.config.ts), not the 30 s of a test.
    test.setTimeout(120_000)
    const dir = hostileExport()
    const host = await start(dir)
    try {
      const violations: string[] = []
      await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
            `${e.effectiveDirective}: ${e.blockedURI}`
          )
        )
      )
      // Staff signed in to the editor once: their token is in the origin's storage.
      await page.goto(`${host.origin}/`)
      await page.evaluate(() => localStorage.setItem('decap-cms-user', '{"token":"secret"}'))

      // A real page that names the slipped script: the policy allows only hashed scripts.
      await page.reload()
      await expect
        .poll(() => violations)
        .toContainEqual(
          expect.stringMatching(new RegExp(`^script-src-elem: .*${CAPTIONS_PATH}steal\\.js$`))
        )

      // The slipped page itself: sent as captions, it is never a page that can run anything.
      const response = await page.request.get(`${host.origin}${CAPTIONS_PATH}pay.html`)
      expect(response.headers()['content-type']).toMatch(/^text\/vtt/)
      expect(response.headers()['content-security-policy']).toContain("default-src 'none'")
      expect(response.headers()['content-security-policy']).toContain('sandbox')
      await page.goto(`${host.origin}${CAPTIONS_PATH}pay.html`).catch(() => undefined)

      await page.goto(`${host.origin}/`)
      expect(await page.evaluate(() => localStorage.getItem('stolen'))).toBeNull()
    } finally {
      await host.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
}
