import { execFileSync } from 'node:child_process'
import { createServer, get, type IncomingMessage, type Server } from 'node:http'
import { join } from 'node:path'
import { test, expect, type BrowserContext, type Page } from '@playwright/test'
import { SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH, SITE_EDITOR_PATH } from '#lib/routes.ts'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { SIGN_IN_PROBLEMS, STATE_COOKIE } from '#functions/sign-in.ts'
import { FUNCTIONS_DIR } from '#tools/shared/files.ts'
import { signInStatus } from '#tools/ops/sign-in-status.ts'
import { freePort } from '#tests/helpers/ports.ts'
import { startPagesSite, type RunningPages } from '#tests/helpers/pages-dev.ts'

// The site editor's GitHub sign-in (functions/sign-in.ts) as it runs on
// the host: the export and the functions of functions/ under Cloudflare's
// runtime (wrangler pages dev), with the Pages project's settings given as
// bindings. github.com's authorize and token endpoints are a stand-in on
// this machine (GITHUB_BASE_URL, on another port of localhost: the browser
// knows no other host); api.github.com, which only the editor's page calls,
// is answered inside the browser.

const CLIENT = { GITHUB_CLIENT_ID: 'stand-in-client', GITHUB_CLIENT_SECRET: 'stand-in-secret' }
const TOKEN = 'gho_standInToken0123456789'
const GOOD_CODE = 'good-code'

type StandIn = {
  origin: string
  /** What the next authorize visit answers: the person allows, or says no. */
  next: 'allow' | 'deny'
  /** What the token endpoint answers. */
  tokenReply: 'token' | 'error-500'
  authorizeVisits: URLSearchParams[]
  server: Server
}

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => resolve(text))
  })

/** github.com's two OAuth endpoints, and a page on another origin that tries to take a token. */
async function githubStandIn(): Promise<StandIn> {
  const port = await freePort()
  const standIn: StandIn = {
    origin: `http://localhost:${port}`,
    next: 'allow',
    tokenReply: 'token',
    authorizeVisits: [],
    server: createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', standIn.origin)
      if (url.pathname === '/login/oauth/authorize') {
        standIn.authorizeVisits.push(url.searchParams)
        const back = new URL(url.searchParams.get('redirect_uri')!)
        back.searchParams.set('state', url.searchParams.get('state')!)
        if (standIn.next === 'deny') back.searchParams.set('error', 'access_denied')
        else back.searchParams.set('code', GOOD_CODE)
        response.writeHead(302, { Location: back.href }).end()
      } else if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
        const asked = JSON.parse(await body(request)) as Record<string, string>
        if (standIn.tokenReply === 'error-500') {
          response.writeHead(500).end('down')
          return
        }
        const reply =
          asked.client_secret !== CLIENT.GITHUB_CLIENT_SECRET
            ? { error: 'incorrect_client_credentials' }
            : asked.code === GOOD_CODE
              ? { access_token: TOKEN, token_type: 'bearer', scope: 'public_repo' }
              : { error: 'bad_verification_code' }
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply))
      } else if (url.pathname === '/other-site.html') {
        // Another site that opens the sign-in window itself and listens for a token.
        response.writeHead(200, { 'Content-Type': 'text/html' }).end(
          `<!doctype html><title>Another site</title><script>
            window.received = [];
            window.addEventListener('message', function (event) {
              window.received.push(String(event.data));
              if (event.data === 'authorizing:github') event.source.postMessage(event.data, '*');
            });
          </script>`
        )
      } else response.writeHead(404).end()
    }),
  }
  // Every address of the machine: localhost may be ::1 or 127.0.0.1 to workerd.
  await new Promise<void>((resolve) => standIn.server.listen(port, resolve))
  return standIn
}

/** api.github.com, as the editor's page sees it: one user with write access. */
async function githubApi(context: BrowserContext, seen: string[]) {
  await context.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } })
  )
  await context.route('https://api.github.com/**', (route) => {
    const request = route.request()
    seen.push(request.headers()['authorization'] ?? '')
    const path = new URL(request.url()).pathname
    if (path === '/user') return route.fulfill({ json: { login: 'clerk', name: 'Bureau Clerk' } })
    if (/\/collaborators\/clerk\/permission$/.test(path))
      return route.fulfill({ json: { permission: 'write' } })
    if (/^\/repos\/[^/]+\/[^/]+$/.test(path))
      return route.fulfill({
        json: { owner: { login: 'owner' }, permissions: { push: true }, default_branch: 'main' },
      })
    return route.fulfill({ status: 404, json: { message: 'Not Found' } })
  })
}

let standIn: StandIn
let site: RunningPages
/** The same site, with the client secret missing from its settings. */
let unset: RunningPages

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Two of Cloudflare's runtimes start here: the same 120 s a busy machine
  // gets for the site's own server (playwright.config.ts), not the 30 s of a test.
  test.setTimeout(120_000)
  standIn = await githubStandIn()
  const out = join(process.cwd(), 'out')
  const functions = join(process.cwd(), FUNCTIONS_DIR)
  const github = { GITHUB_BASE_URL: `${standIn.origin}/` }
  // The site's address is a setting of the Pages project: here, the local one.
  const [port, unsetPort] = await Promise.all([freePort(), freePort()])
  ;[site, unset] = await Promise.all([
    startPagesSite({
      out,
      functions,
      port,
      bindings: { ...CLIENT, ...github, SITE_URL: `http://localhost:${port}` },
    }),
    startPagesSite({
      out,
      functions,
      port: unsetPort,
      bindings: {
        GITHUB_CLIENT_ID: CLIENT.GITHUB_CLIENT_ID,
        ...github,
        SITE_URL: `http://localhost:${unsetPort}`,
      },
    }),
  ])
})

test.afterAll(async () => {
  await Promise.all([site?.stop(), unset?.stop()])
  await new Promise((resolve) => standIn?.server.close(resolve))
})

test.beforeEach(() => {
  standIn.next = 'allow'
  standIn.tokenReply = 'token'
  standIn.authorizeVisits = []
})

/** Opens the editor and presses its sign-in button, which opens the small window. */
async function pressLogin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}${SITE_EDITOR_PATH}`)
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
}

/**
 * The editor closes the small window once it has the answer: no window but
 * the editor's is left. The test looks at the open windows rather than
 * waiting for the small one's close event: the editor can close it before
 * the test holds it (seen once beside a second test run, when the answer
 * took 22 ms), and a close event that has already happened never comes.
 */
const onlyEditorLeft = (page: Page) => expect.poll(() => page.context().pages()).toEqual([page])

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('decap-cms-user') ?? 'null') as unknown)

test('a person signs in through the editor and its small window, and the editor opens with the token', async ({
  page,
  context,
}) => {
  const seen: string[] = []
  await githubApi(context, seen)
  await pressLogin(page, site.origin)
  // The editor shows its collections: it is open.
  await expect(page.getByRole('link', { name: COLLECTIONS[0]!.label, exact: true })).toBeVisible()
  await onlyEditorLeft(page)
  expect(await storedUser(page)).toMatchObject({ token: TOKEN, backendName: 'github' })
  expect(seen.length).toBeGreaterThan(0)
  expect(new Set(seen)).toEqual(new Set([`token ${TOKEN}`]))
  // GitHub was asked for the least the editor needs, with the callback on the site's origin.
  expect(standIn.authorizeVisits).toHaveLength(1)
  expect(Object.fromEntries(standIn.authorizeVisits[0]!)).toMatchObject({
    client_id: CLIENT.GITHUB_CLIENT_ID,
    scope: 'public_repo',
    redirect_uri: `${site.origin}${SIGN_IN_CALLBACK_PATH}`,
  })
})

test('when the person says no on GitHub, the editor says so in words and stays signed out', async ({
  page,
}) => {
  standIn.next = 'deny'
  await pressLogin(page, site.origin)
  await expect(page.getByText(SIGN_IN_PROBLEMS.denied)).toBeVisible()
  await onlyEditorLeft(page)
  expect(await storedUser(page)).toBeNull()
})

test('without the client secret in the settings, the editor says that signing in is not set up', async ({
  page,
}) => {
  await pressLogin(page, unset.origin)
  await expect(page.getByText(SIGN_IN_PROBLEMS.notSetUp)).toBeVisible()
  await onlyEditorLeft(page)
  expect(standIn.authorizeVisits).toHaveLength(0)
})

test('a window opened by another site gets no token: the answer goes to the site’s own origin only', async ({
  page,
}) => {
  await page.goto(`${standIn.origin}/other-site.html`)
  const popup = page.waitForEvent('popup')
  await page.evaluate(
    (url) => void window.open(url, 'sign-in'),
    `${site.origin}${SIGN_IN_START_PATH}?provider=github`
  )
  const window_ = await popup
  // The whole sign-in happens in the window: the state matches, GitHub gives a token.
  await expect(window_.getByRole('heading', { name: 'Signed in' })).toBeVisible()
  // Messages from one window arrive in order: once this one is in, nothing before it came.
  await window_.evaluate(() => window.opener.postMessage('marker', '*'))
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: string[] }).received))
    .toEqual(['marker'])
})

// Plain requests, with no cookie jar: each test says which cookie is sent.
test.describe('the callback refuses, in words, before asking GitHub for a token', () => {
  async function begin() {
    const start = await fetch(`${site.origin}${SIGN_IN_START_PATH}?provider=github`, {
      redirect: 'manual',
    })
    expect(start.status).toBe(302)
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const cookie = /^[^;]+/.exec(start.headers.getSetCookie()[0]!)![0]
    expect(cookie).toBe(`${STATE_COOKIE}=${state}`)
    expect(start.headers.getSetCookie()[0]).toMatch(/; Path=\/; .*; Secure$/)
    return { state, cookie }
  }

  const callback = (query: string, cookie?: string) =>
    fetch(`${site.origin}${SIGN_IN_CALLBACK_PATH}?${query}`, {
      headers: cookie ? { Cookie: cookie } : {},
    })

  test('a wrong state, a missing state, or no cookie', async () => {
    const { state, cookie } = await begin()
    const other = await begin()
    for (const [query, withCookie, problem] of [
      [`code=${GOOD_CODE}&state=${other.state}`, cookie, 'mismatch'],
      [`code=${GOOD_CODE}`, cookie, 'expired'],
      [`code=${GOOD_CODE}&state=${state}`, undefined, 'expired'],
    ] as const) {
      const answer = await callback(query, withCookie)
      expect(answer.status, query).toBe(400)
      const text = await answer.text()
      expect(text).toContain(SIGN_IN_PROBLEMS[problem])
      expect(text).not.toContain(TOKEN)
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
  })

  test('GitHub refusing the code, and GitHub failing on its side (500), each in its own words', async () => {
    const refused = await begin()
    const bad = await callback(`code=used-code&state=${refused.state}`, refused.cookie)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(SIGN_IN_PROBLEMS.refused)
    standIn.tokenReply = 'error-500'
    const down = await begin()
    const failed = await callback(`code=${GOOD_CODE}&state=${down.state}`, down.cookie)
    expect(failed.status).toBe(502)
    const words = await failed.text()
    expect(words).toContain(SIGN_IN_PROBLEMS.githubFailed)
    expect(words).not.toContain(SIGN_IN_PROBLEMS.refused)
  })

  test('a request under another name (a forged Host) is refused, and GitHub is never told that name', async () => {
    // fetch() cannot set Host; node:http can, as any client can.
    const start = await new Promise<{ status?: number; location?: string; text: string }>(
      (resolve, reject) =>
        get(
          `${site.origin}${SIGN_IN_START_PATH}?provider=github`,
          { headers: { Host: 'evil.example' } },
          (response) => {
            let text = ''
            response.on('data', (chunk: Buffer) => (text += chunk.toString()))
            response.on('end', () =>
              resolve({ status: response.statusCode, location: response.headers.location, text })
            )
          }
        ).on('error', reject)
    )
    expect(start.status).toBe(400)
    expect(start.location).toBeUndefined()
    expect(start.text).toContain(SIGN_IN_PROBLEMS.elsewhere)
    expect(standIn.authorizeVisits).toHaveLength(0)
  })
})

test('the module both functions share (functions/sign-in.ts) is no route: its address is the site’s 404', async () => {
  // Pages makes a route only of a file that exports a handler (onRequest…).
  const answer = await fetch(`${site.origin}/sign-in`)
  expect(answer.status).toBe(404)
  expect(await answer.text()).not.toContain(SIGN_IN_PROBLEMS.notGitHub)
})

test("the publish summary's line says whether the sign-in is set up, from the live service's answer", async () => {
  const status = (origin: string) =>
    execFileSync(process.execPath, ['tools/ops/sign-in-status.ts'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        SIGN_IN_CHECK_URL: origin,
        SITE_EDITOR_AUTH_URL: '',
        GITHUB_STEP_SUMMARY: '',
      },
    }).trim()
  // The stand-in is not github.com: the line says so, rather than "set up".
  expect(status(site.origin)).toMatch(/^Site editor sign-in: unexpected answer .* \(HTTP 302\)\.$/)
  expect(status(unset.origin)).toBe(signInStatus(unset.origin, { status: 503, location: null }))
  expect(status(unset.origin)).toContain('NOT set up')
})
