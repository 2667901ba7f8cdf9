import { commonHeaders } from '#lib/headers/rules.ts'
import { SIGN_IN_CALLBACK_PATH } from '#lib/routes.ts'
import { escapeHtml } from '#lib/text.ts'

// The site editor's GitHub sign-in, as Decap CMS's external OAuth protocol
// expects it: /api/auth sends the window to GitHub with a state kept in a
// cookie; /api/callback checks it, trades the code for a token and posts the
// token to the editor's window on this origin only. Nothing is stored or logged.

/** The Pages project's environment variables; GITHUB_BASE_URL: tests' stand-in for github.com. */
export type SignInEnv = Partial<
  Record<'GITHUB_CLIENT_ID' | 'GITHUB_CLIENT_SECRET' | 'SITE_URL' | 'GITHUB_BASE_URL', string>
>

const PROVIDER = 'github'
const GITHUB = 'https://github.com'

/** `public_repo` (the default) is the least Decap's open authoring needs; `repo` adds private repositories. */
const SIGN_IN_SCOPES = ['public_repo', 'repo'] as const

/** `__Host-`: browsers keep it only Secure, for Path=/, without Domain, so no subdomain can set it. */
export const STATE_COOKIE = '__Host-site_editor_sign_in'
const STATE_LIFETIME = 600

/** The script of every answer page: the handshake of Decap's protocol. */
const HANDSHAKE = `(function () {
  var message = JSON.parse(document.getElementById('sign-in-result').textContent);
  var opener = window.opener;
  var origin = window.location.origin;
  if (!opener) return;
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== opener) return;
    if (event.data !== 'authorizing:github') return;
    opener.postMessage(message, origin);
  });
  opener.postMessage('authorizing:github', origin);
})();`

const STYLE =
  'body{font:1.125rem/1.5 system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;color:#1b1b1b}'

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

let policy: Promise<string> | undefined
/** The answer pages' policy: their own script and style, by hash, and nothing else. */
const answerPolicy = () =>
  (policy ??= Promise.all([sha256(HANDSHAKE), sha256(STYLE)]).then(
    ([script, style]) =>
      `default-src 'none'; script-src ${script}; style-src ${style}; base-uri 'none'; ` +
      `form-action 'none'; frame-ancestors 'none'`
  ))

/**
 * The site's headers, except: no Cross-Origin-Opener-Policy (the window must
 * stay connected to the editor's after GitHub), and no referrer (the address holds a code).
 */
async function headers(extra: Record<string, string> = {}): Promise<Headers> {
  const site = commonHeaders()
  delete (site as Partial<typeof site>)['Cross-Origin-Opener-Policy']
  return new Headers({
    ...site,
    'Content-Security-Policy': await answerPolicy(),
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...extra,
  })
}

export const SIGN_IN_PROBLEMS = {
  notSetUp:
    'Signing in is not set up yet. The site’s owners need to add the GitHub sign-in settings to the Cloudflare Pages project (see deploy/README.md).',
  wrongSettings:
    'GitHub did not accept the sign-in settings of this site. The site’s owners need to check the GitHub client ID and secret in the Cloudflare Pages project.',
  notGitHub: 'This sign-in works with GitHub only.',
  scope: 'The editor asked GitHub for access this site does not give.',
  denied:
    'You did not allow the editor to use your GitHub account, so you are not signed in. You can try again with “Login with GitHub”.',
  expired:
    'This sign-in took too long or was started in another browser. Close this window and choose “Login with GitHub” again.',
  mismatch:
    'This sign-in was not started from this browser, so it was stopped. Close this window and choose “Login with GitHub” again.',
  noCode:
    'GitHub sent this window back without a sign-in code. Close this window and choose “Login with GitHub” again.',
  refused:
    'GitHub did not accept this sign-in (it may have been used already or taken too long). Close this window and choose “Login with GitHub” again.',
  githubFailed:
    'GitHub had a problem of its own and could not finish this sign-in. Nothing is wrong with your account or this site. Wait a few minutes, then choose “Login with GitHub” again.',
  unreachable: 'GitHub could not be reached. Wait a few minutes, then try again.',
  elsewhere:
    'This is not the site’s own address, so signing in does not work here. Open the site editor on the site’s own address (as in its link) and sign in there.',
} as const

type SignInProblem = keyof typeof SIGN_IN_PROBLEMS

const STATUS: Partial<Record<SignInProblem, number>> = {
  notSetUp: 503,
  wrongSettings: 503,
  denied: 403,
  githubFailed: 502,
  unreachable: 502,
}

// JSON data, never run: only `<` (as in </script>) must not appear raw.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** A page that says the result in words and hands Decap its `authorization:github:…` message. */
async function answer(
  result: { token: string } | { problem: SignInProblem },
  extraHeaders: Record<string, string> = {}
): Promise<Response> {
  const ok = 'token' in result
  const words = ok
    ? 'You are signed in. This window closes by itself.'
    : SIGN_IN_PROBLEMS[result.problem]
  const message = ok
    ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: result.token, provider: PROVIDER })}`
    : `authorization:${PROVIDER}:error:${JSON.stringify({ message: words })}`
  const title = ok ? 'Signed in' : 'Not signed in'
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title} – site editor</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(words)}</p></main>` +
    `<script type="application/json" id="sign-in-result">${scriptJson(message)}</script>` +
    `<script>${HANDSHAKE}</script></body></html>`
  return new Response(html, {
    status: ok ? 200 : (STATUS[result.problem] ?? 400),
    headers: await headers({ 'Content-Type': 'text/html; charset=utf-8', ...extraHeaders }),
  })
}

/** An origin from a setting: https, or http on this machine (tests, where a path may follow: the
 * rehearsal's stand-in answers under its secret path); null if it is not one. */
function originOf(setting: string | undefined, https: boolean): string | null {
  if (!URL.canParse(setting ?? '')) return null
  const url = new URL(setting!)
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1'
  const scheme = url.protocol === 'http:' ? local : https && url.protocol === 'https:'
  const path = url.pathname === '/' || (local && !https) ? url.pathname.replace(/\/?$/, '') : null
  return scheme && path !== null && !url.search && !url.username ? url.origin + path : null
}

/** The settings, or null when one is missing or wrong (GITHUB_BASE_URL: this machine only). */
function settings(env: SignInEnv) {
  const id = env.GITHUB_CLIENT_ID?.trim()
  const secret = env.GITHUB_CLIENT_SECRET?.trim()
  const base = env.GITHUB_BASE_URL ? originOf(env.GITHUB_BASE_URL, false) : GITHUB
  const site = originOf(env.SITE_URL?.trim(), true)
  if (id && secret && base && site) return { id, secret, base, site }
  console.error(
    'sign-in: GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, SITE_URL or GITHUB_BASE_URL is missing or wrong'
  )
  return null
}

/** The state lives as long as a person may take to approve on GitHub. */
const stateCookie = (value: string, maxAge = STATE_LIFETIME) =>
  `${STATE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax; Secure`

const cookieValue = (request: Request) =>
  new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([^;]*)`).exec(request.headers.get('Cookie') ?? '')?.[1]

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Compares two strings in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

export async function startSignIn(request: Request, env: SignInEnv) {
  const url = new URL(request.url)
  if (url.searchParams.get('provider') !== PROVIDER) return answer({ problem: 'notGitHub' })
  const scope = url.searchParams.get('scope') || SIGN_IN_SCOPES[0]
  if (!(SIGN_IN_SCOPES as readonly string[]).includes(scope)) return answer({ problem: 'scope' })
  const github = settings(env)
  if (!github) return answer({ problem: 'notSetUp' })
  // The cookie is this host's; GitHub comes back to the site's: they must be one.
  if (url.origin !== github.site) return answer({ problem: 'elsewhere' })
  const state = randomState()
  const authorize = new URL(`${github.base}/login/oauth/authorize`)
  authorize.search = new URLSearchParams({
    client_id: github.id,
    redirect_uri: `${github.site}${SIGN_IN_CALLBACK_PATH}`,
    scope,
    state,
    allow_signup: 'false',
  }).toString()
  return new Response(null, {
    status: 302,
    headers: await headers({ Location: authorize.href, 'Set-Cookie': stateCookie(state) }),
  })
}

export async function finishSignIn(request: Request, env: SignInEnv, fetchImpl = fetch) {
  const url = new URL(request.url)
  // The state is good for one try, whatever happens.
  const forget = { 'Set-Cookie': stateCookie('', 0) }
  const fail = (problem: SignInProblem) => answer({ problem }, forget)
  const error = url.searchParams.get('error')
  if (error) return fail(error === 'access_denied' ? 'denied' : 'refused')
  const expected = cookieValue(request)
  const given = url.searchParams.get('state')
  if (!expected || !given) return fail('expired')
  if (!sameText(expected, given)) return fail('mismatch')
  const code = url.searchParams.get('code')
  if (!code) return fail('noCode')
  const github = settings(env)
  if (!github) return fail('notSetUp')
  if (url.origin !== github.site) return fail('elsewhere')
  let response: Response
  try {
    response = await fetchImpl(new URL(`${github.base}/login/oauth/access_token`), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: github.id,
        client_secret: github.secret,
        code,
        redirect_uri: `${github.site}${SIGN_IN_CALLBACK_PATH}`,
      }),
    })
  } catch (e) {
    console.error(`sign-in: GitHub could not be reached (${e instanceof Error ? e.name : 'error'})`)
    return fail('unreachable')
  }
  // GitHub's own trouble (an error 500, a page that is not its JSON) is not a refusal.
  const json: unknown = response.status < 500 && (await response.json().catch(() => undefined))
  if (!json || typeof json !== 'object') {
    console.error(`sign-in: GitHub's token endpoint failed (HTTP ${response.status})`)
    return fail('githubFailed')
  }
  const reply: { access_token?: unknown; error?: unknown } = response.ok
    ? json
    : { error: `HTTP ${response.status}` }
  if (typeof reply.access_token === 'string' && /^[\w-]{1,255}$/.test(reply.access_token))
    return answer({ token: reply.access_token }, forget)
  // Logged without the code, the secret or any token.
  const reason = typeof reply.error === 'string' ? reply.error.slice(0, 60) : 'no token'
  console.error(`sign-in: GitHub refused the code (${reason})`)
  return fail(reason === 'incorrect_client_credentials' ? 'wrongSettings' : 'refused')
}
