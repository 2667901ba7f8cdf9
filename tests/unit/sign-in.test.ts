import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  finishSignIn,
  SIGN_IN_PROBLEMS,
  startSignIn,
  STATE_COOKIE,
  type SignInEnv,
} from '#functions/sign-in.ts'

const SITE = 'https://bureau.example'
const ENV: SignInEnv = {
  GITHUB_CLIENT_ID: 'client-1',
  GITHUB_CLIENT_SECRET: 'secret-1',
  SITE_URL: SITE,
}
const TOKEN = 'gho_madeUpToken123'

afterEach(() => vi.restoreAllMocks())

const start = (query: string, env = ENV, origin = SITE) =>
  startSignIn(new Request(`${origin}/api/auth?${query}`), env)

/** Starts a sign-in and returns the state GitHub would be given, and the cookie's value. */
async function started() {
  const response = await start('provider=github&site_id=bureau.example&scope=public_repo')
  const location = new URL(response.headers.get('Location')!)
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!
  return { state: location.searchParams.get('state')!, cookie }
}

function callback(query: string, cookie?: string, env = ENV, github?: typeof fetch) {
  const request = new Request(`${SITE}/api/callback?${query}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  return finishSignIn(request, env, github)
}

/** A stand-in for GitHub's token endpoint. */
const tokenEndpoint = (reply: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => Response.json(reply, { status }))

/** The message the page hands the editor, and the words it shows. */
async function page(response: Response) {
  const html = await response.text()
  const json = /<script type="application\/json" id="sign-in-result">(.*?)<\/script>/.exec(
    html
  )![1]!
  return { html, message: JSON.parse(json) as string, words: /<p>(.*?)<\/p>/.exec(html)![1]! }
}

const location = (r: Response) => r.headers.get('Location') ?? ''

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('GET /api/auth', () => {
  it('sends the window to GitHub with the client id, the callback on this origin, the scope and a state bound to this browser', async () => {
    const response = await start('provider=github&site_id=bureau.example&scope=public_repo')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!)
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: `${SITE}/api/callback`,
      scope: 'public_repo',
    })
    const state = location.searchParams.get('state')!
    expect(state).toMatch(/^[\w-]{43}$/)
    // __Host-: only this host can set it, and only with Secure, Path=/ and no Domain.
    expect(STATE_COOKIE).toMatch(/^__Host-/)
    expect(response.headers.get('Set-Cookie')).toBe(
      `${STATE_COOKIE}=${state}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax; Secure`
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // A new state each time.
    expect((await started()).state).not.toBe(state)
  })

  it('asks for public_repo unless the editor asks for repo, and for nothing else', async () => {
    const scope = async (query: string) =>
      new URL((await start(query)).headers.get('Location')!).searchParams.get('scope')
    expect(await scope('provider=github')).toBe('public_repo')
    expect(await scope('provider=github&scope=repo')).toBe('repo')
    const wider = await start('provider=github&scope=repo,admin:org')
    expect(wider.status).toBe(400)
    expect((await page(wider)).words).toBe(SIGN_IN_PROBLEMS.scope)
  })

  it('serves GitHub only, and says so', async () => {
    const response = await start('provider=gitlab')
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    expect((await page(response)).words).toBe(SIGN_IN_PROBLEMS.notGitHub)
  })

  it('says in words that signing in is not set up when the client id or secret is missing, and hands the editor the same words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const env of [
      {},
      { GITHUB_CLIENT_ID: 'client-1' },
      { GITHUB_CLIENT_SECRET: 'x' },
      { ...ENV, SITE_URL: undefined },
      { ...ENV, SITE_URL: 'http://bureau.example' },
      { ...ENV, SITE_URL: 'https://bureau.example/admin/' },
    ]) {
      const response = await start('provider=github', env)
      expect(response.status).toBe(503)
      const { words, message } = await page(response)
      expect(words).toBe(SIGN_IN_PROBLEMS.notSetUp)
      expect(message).toBe(`authorization:github:error:${JSON.stringify({ message: words })}`)
    }
    expect(log).toHaveBeenCalled()
  })

  it('sends GitHub back to the configured site address, never to the Host the request named', async () => {
    // A request that reached the service under another name (a forged Host
    // header, a second domain, a preview address) is refused before GitHub.
    for (const origin of [
      'https://evil.example',
      'https://www.bureau.example',
      'http://bureau.example',
    ]) {
      const response = await start('provider=github', ENV, origin)
      expect(response.status, origin).toBe(400)
      expect(response.headers.get('Location'), origin).toBeNull()
      expect(response.headers.get('Set-Cookie'), origin).toBeNull()
      expect((await page(response)).words).toBe(SIGN_IN_PROBLEMS.elsewhere)
    }
    // On the test machine the site may be on http://localhost.
    const local = { ...ENV, SITE_URL: 'http://localhost:8788' }
    const here = await start('provider=github', local, 'http://localhost:8788')
    expect(new URL(location(here)).searchParams.get('redirect_uri')).toBe(
      'http://localhost:8788/api/callback'
    )
    // The cookie is Secure there too: browsers count localhost as a secure context.
    expect(here.headers.get('Set-Cookie')).toMatch(/; Secure$/)
  })

  it('takes a stand-in for GitHub on this machine only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const local = await start('provider=github', { ...ENV, GITHUB_BASE_URL: 'http://127.0.0.1:9/' })
    expect(location(local)).toMatch(/^http:\/\/127\.0\.0\.1:9\/login\/oauth\/authorize\?/)
    for (const elsewhere of [
      'https://evil.example/',
      'http://127.0.0.1.evil.example/',
      'file:///x',
    ]) {
      const refused = await start('provider=github', { ...ENV, GITHUB_BASE_URL: elsewhere })
      expect(refused.status, elsewhere).toBe(503)
    }
  })
})

describe('GET /api/callback', () => {
  it('trades the code for a token with the secret, and hands the token to the editor on this origin only', async () => {
    const { state, cookie } = await started()
    const github = tokenEndpoint({
      access_token: TOKEN,
      token_type: 'bearer',
      scope: 'public_repo',
    })
    const answer = await callback(`code=code-1&state=${state}`, cookie, ENV, github)
    expect(answer.status).toBe(200)
    const [url, init] = github.mock.calls[0]!
    expect(String(url)).toBe('https://github.com/login/oauth/access_token')
    expect(JSON.parse(String(init!.body))).toEqual({
      client_id: 'client-1',
      client_secret: 'secret-1',
      code: 'code-1',
      redirect_uri: `${SITE}/api/callback`,
    })
    const { html, message } = await page(answer)
    expect(message).toBe(
      `authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}`
    )
    // The page posts to its own origin, never to any origin.
    expect(html).toContain('opener.postMessage(message, origin)')
    expect(html).not.toMatch(/postMessage\([^)]*'\*'/)
    // The state is good once.
    expect(answer.headers.get('Set-Cookie')).toMatch(new RegExp(`^${STATE_COOKIE}=; .*Max-Age=0`))
  })

  it("answers with the site's headers, its own policy (its script and style by hash), no cache and no referrer", async () => {
    const { state, cookie } = await started()
    const answer = await callback(
      `code=c&state=${state}`,
      cookie,
      ENV,
      tokenEndpoint({ access_token: TOKEN })
    )
    const html = await answer.text()
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
    expect(answer.headers.get('Content-Security-Policy')).toBe(
      `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
    )
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    })
    // The window must keep its link to the editor's window.
    expect(answer.headers.get('Cross-Origin-Opener-Policy')).toBeNull()
  })

  it('stops a callback without the cookie (expired, or started in another browser) or with another state, before asking GitHub', async () => {
    const { state, cookie } = await started()
    const github = tokenEndpoint({ access_token: TOKEN })
    const cases = [
      [`code=c&state=${state}`, undefined, 'expired'],
      ['code=c', cookie, 'expired'],
      [`code=c&state=${(await started()).state}`, cookie, 'mismatch'],
      // The cookie's state and more: same start, not the same state.
      [`code=c&state=${state}x`, cookie, 'mismatch'],
      [`state=${state}`, cookie, 'noCode'],
    ] as const
    for (const [query, withCookie, problem] of cases) {
      const answer = await callback(query, withCookie, ENV, github)
      expect(answer.status, query).toBe(400)
      const { words, message, html } = await page(answer)
      expect(words, query).toBe(SIGN_IN_PROBLEMS[problem])
      expect(message).toMatch(/^authorization:github:error:/)
      expect(html).not.toContain(TOKEN)
    }
    expect(github).not.toHaveBeenCalled()
  })

  it('says plainly when the person said no on GitHub', async () => {
    const { state, cookie } = await started()
    const answer = await callback(`error=access_denied&state=${state}`, cookie)
    expect(answer.status).toBe(403)
    expect((await page(answer)).words).toBe(SIGN_IN_PROBLEMS.denied)
  })

  it('says what went wrong when GitHub refuses the code, the settings are wrong, GitHub fails on its side or cannot be reached, and logs no secret, code or token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const cases: [typeof fetch, keyof typeof SIGN_IN_PROBLEMS, number][] = [
      [tokenEndpoint({ error: 'bad_verification_code' }), 'refused', 400],
      [tokenEndpoint({ error: 'incorrect_client_credentials' }), 'wrongSettings', 503],
      [tokenEndpoint({ error: 'bad_verification_code' }, 404), 'refused', 400],
      [tokenEndpoint({ message: 'oops' }, 500), 'githubFailed', 502],
      [
        vi.fn<typeof fetch>(async () => new Response('<h1>Unicorn!</h1>', { status: 503 })),
        'githubFailed',
        502,
      ],
      [vi.fn<typeof fetch>(async () => new Response('<html>busy</html>')), 'githubFailed', 502],
      [tokenEndpoint({ access_token: '<script>' }), 'refused', 400],
      [
        vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed'))),
        'unreachable',
        502,
      ],
    ]
    for (const [github, problem, status] of cases) {
      const { state, cookie } = await started()
      const answer = await callback(`code=secret-code&state=${state}`, cookie, ENV, github)
      expect(answer.status, problem).toBe(status)
      expect((await page(answer)).words).toBe(SIGN_IN_PROBLEMS[problem])
    }
    const logged = log.mock.calls.flat().join('\n')
    expect(logged).toContain('bad_verification_code')
    for (const secret of ['secret-1', 'secret-code', TOKEN]) expect(logged).not.toContain(secret)
  })

  it('refuses a callback that reached the service under another name, before asking GitHub', async () => {
    const { state, cookie } = await started()
    const github = tokenEndpoint({ access_token: TOKEN })
    const request = new Request(`https://evil.example/api/callback?code=c&state=${state}`, {
      headers: { Cookie: cookie },
    })
    const answer = await finishSignIn(request, ENV, github)
    expect(answer.status).toBe(400)
    expect((await page(answer)).words).toBe(SIGN_IN_PROBLEMS.elsewhere)
    expect(github).not.toHaveBeenCalled()
  })

  it('writes a token as text that cannot end its script element', async () => {
    const { state, cookie } = await started()
    const answer = await callback(
      `code=c&state=${state}`,
      cookie,
      ENV,
      tokenEndpoint({ access_token: 'gho_abc-DEF_123' })
    )
    const html = await answer.text()
    expect(html.match(/<\/script>/g)).toHaveLength(2)
  })
})
