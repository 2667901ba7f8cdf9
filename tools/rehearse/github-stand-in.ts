import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml } from '#lib/text.ts'
import { GitHubError, notFound, type GitHubModel, type Pull } from '#tools/rehearse/github-model.ts'
import { answer } from '#tools/rehearse/github-rest.ts'

// A stand-in for GitHub on one address of localhost, as api.github.com (github-rest.ts) and as
// github.com: the OAuth app's authorize and token endpoints, which the editor's sign-in service
// calls, and pages listing the pull requests with their checks.

/** An OAuth app's keys, and its "Authorization callback URL", where GitHub may send people back. */
type OAuthApp = { clientId: string; clientSecret: string; callbackUrl: string }
export type GitHubStandIn = Awaited<ReturnType<typeof startGitHubStandIn>>
type Grant = { login: string; redirectUri: string; scope: string; expires: number }

const CODE_LIFETIME_MS = 10 * 60_000
const OAUTH_ERRORS = {
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  bad_verification_code: 'The code passed is incorrect or expired.',
  redirect_uri_mismatch:
    'The redirect_uri MUST match the registered callback URL for this application.',
}

// The CORS headers api.github.com sends, so that the editor's page may call it from its origin.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
}
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, X-GitHub-Api-Version',
  'Access-Control-Max-Age': '86400',
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  if (status === 204) return void response.writeHead(204, CORS).end()
  response.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

function sendHtml(response: ServerResponse, status: number, title: string, body = '') {
  const head = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title>`
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end(`${head}\n<main><h1>${escapeHtml(title)}</h1>\n${body}</main></html>`)
}

/** A request's body, as JSON or as a form, whichever it was sent as. */
async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = Buffer.concat(await request.toArray()).toString('utf8')
  if (!text) return {}
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  const json: unknown = await new Response(text).json().catch(() => undefined)
  if (json === undefined) throw new GitHubError(400, 'Problems parsing JSON')
  return json as Record<string, unknown>
}

/** Does a redirect address fall under the app's callback address, as GitHub requires? */
function callbackAllowed(app: OAuthApp, redirectUri: string): boolean {
  const [given, registered] = [URL.parse(redirectUri), new URL(app.callbackUrl)]
  return given?.origin === registered.origin && given.pathname.startsWith(registered.pathname)
}

function authorizePage(model: GitHubModel, query: URLSearchParams): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query.get(k) ?? '')}">`)
    .join('')
  const users = model.users.map(
    (u) =>
      `<li><button type="submit" name="login" value="${escapeHtml(u.login)}">Sign in as ${escapeHtml(u.name)} (${escapeHtml(u.login)})</button> ${u.write ? 'can change the site’s repository' : 'cannot change the repository: works in a copy of it (a fork)'}</li>`
  )
  return `<p>This is the rehearsal’s stand-in for GitHub. The site editor asks to read and change
<b>${escapeHtml(model.fullName(model.origin))}</b> for you (scope: ${escapeHtml(query.get('scope') ?? '')}).</p>
<form method="post" action="/login/oauth/authorize">${hidden}<ul>${users.join('')}</ul>
<p><button type="submit" name="decision" value="deny">Cancel</button></p></form>`
}

/** Texts, each escaped, as list items. */
const listItems = (texts: string[]) => texts.map((text) => `<li>${escapeHtml(text)}</li>`).join('')

/** Pull requests, newest first, each with its files and the latest run of each check. */
function pullsList(model: GitHubModel, pulls: Pull[]): string {
  const full = escapeHtml(model.fullName(model.origin))
  const items = pulls.map((pull) => {
    const base = model.store.mergeBase(model.baseSha(pull), pull.head.sha)!
    const files = model.store.changedFiles(base, pull.head.sha)
    const checks = model.latestChecks(pull.head.sha).map((r) => {
      const notes = r.annotations.map((a) => `${a.path} line ${a.line}: ${a.message}`)
      return `<li>${escapeHtml(r.name)}: ${r.conclusion ?? r.status}<ul>${listItems(notes)}</ul></li>`
    })
    return `<li><h2><a href="/${full}/pull/${pull.number}">#${pull.number} ${escapeHtml(pull.title)}</a></h2>
<p>${pull.merged ? 'Merged' : pull.state === 'open' ? 'Open' : 'Closed'}: ${escapeHtml(pull.user)} wants to merge
${escapeHtml(pull.head.repo.owner)}:${escapeHtml(pull.head.ref)} into ${escapeHtml(pull.base)}.
Labels: ${escapeHtml(pull.labels.join(', ') || 'none')}.</p>
<p>Files changed:</p><ul>${listItems(files.map((f) => `${f.filename} (${f.status})`))}</ul>
<p>Checks:</p><ul>${checks.join('') || '<li>No checks have started yet.</li>'}</ul></li>`
  })
  return `<ul>${items.reverse().join('') || '<li>None yet.</li>'}</ul>`
}

/** Starts the stand-in on a free port of localhost. */
export async function startGitHubStandIn(model: GitHubModel, app: OAuthApp) {
  const tokens = new Map<string, string>()
  const grants = new Map<string, Grant>()
  let origin = ''

  async function oauth(request: IncomingMessage, response: ServerResponse, url: URL) {
    const { pathname, searchParams: query } = url
    if (pathname === '/login/oauth/authorize' && request.method === 'GET') {
      if (query.get('client_id') !== app.clientId)
        return sendHtml(response, 404, 'No such application')
      if (!callbackAllowed(app, query.get('redirect_uri') ?? app.callbackUrl))
        return sendHtml(response, 400, 'The redirect_uri is not associated with this application')
      return sendHtml(response, 200, 'Sign in to GitHub (rehearsal)', authorizePage(model, query))
    }
    if (pathname === '/login/oauth/authorize' && request.method === 'POST') {
      const form = await readBody(request)
      const redirectUri = String(form.redirect_uri || app.callbackUrl)
      if (form.client_id !== app.clientId || !callbackAllowed(app, redirectUri))
        return sendHtml(response, 400, 'Bad request')
      const back = new URL(redirectUri)
      const login = String(form.login ?? '')
      if (form.decision === 'deny' || !model.user(login)) {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
      } else {
        const code = randomBytes(10).toString('hex')
        const scope = String(form.scope ?? '')
        grants.set(code, { login, redirectUri, scope, expires: Date.now() + CODE_LIFETIME_MS })
        back.searchParams.set('code', code)
      }
      back.searchParams.set('state', String(form.state ?? ''))
      return void response.writeHead(302, { Location: back.href }).end()
    }
    if (pathname === '/login/oauth/access_token' && request.method === 'POST') {
      const asked = await readBody(request)
      const grant = grants.get(String(asked.code))
      grants.delete(String(asked.code))
      const error =
        asked.client_id !== app.clientId || asked.client_secret !== app.clientSecret
          ? 'incorrect_client_credentials'
          : !grant || grant.expires < Date.now()
            ? 'bad_verification_code'
            : asked.redirect_uri !== undefined && asked.redirect_uri !== grant.redirectUri
              ? 'redirect_uri_mismatch'
              : undefined
      // In JSON only: the sign-in service asks for it (Accept: application/json).
      if (error) return sendJson(response, 200, { error, error_description: OAUTH_ERRORS[error] })
      const access_token = `gho_${randomBytes(18).toString('base64url')}`
      tokens.set(access_token, grant!.login)
      return sendJson(response, 200, { access_token, token_type: 'bearer', scope: grant!.scope })
    }
    throw notFound()
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const header = request.headers.authorization ?? ''
    const login = tokens.get(/^(?:token|bearer)\s+(\S+)$/i.exec(header)?.[1] ?? '')
    if (header && !login) throw new GitHubError(401, 'Bad credentials')
    const method = request.method ?? 'GET'
    const body = method === 'GET' ? {} : await readBody(request)
    const call = { model, login, query: url.searchParams, body, origin }
    sendJson(response, ...answer(method, url.pathname, call))
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const pull = /^\/[^/]+\/[^/]+\/pull\/(\d+)$/.exec(url.pathname)
    try {
      if (request.method === 'OPTIONS') response.writeHead(204, PREFLIGHT).end()
      else if (url.pathname.startsWith('/login/oauth/')) await oauth(request, response, url)
      else if (request.method !== 'GET' || (url.pathname !== '/' && !pull))
        await api(request, response, url)
      else {
        const pulls = pull ? [model.pull(Number(pull[1]))] : model.pulls
        const title = pull
          ? `${pulls[0]!.title} #${pull[1]}`
          : `Pull requests of ${model.fullName(model.origin)} (rehearsal)`
        sendHtml(response, 200, title, pullsList(model, pulls))
      }
    } catch (error) {
      if (!(error instanceof GitHubError)) console.error(error)
      const { status, message, extra } =
        error instanceof GitHubError ? error : new GitHubError(500, 'Server Error')
      const body = { message, ...extra, documentation_url: 'https://docs.github.com/rest' }
      if (!response.headersSent) sendJson(response, status, body)
    }
  }
  // On localhost only, both as 127.0.0.1 and as ::1: a browser or workerd may take either.
  const servers = [createServer(handle), createServer(handle)] as const
  await once(servers[0].listen(0, '127.0.0.1'), 'listening')
  const { port } = servers[0].address() as AddressInfo
  await once(servers[1].listen(port, '::1'), 'listening').catch(() => 'no IPv6 here')
  origin = `http://localhost:${port}`
  const close = () =>
    Promise.all(servers.map((s) => new Promise((done) => s.close(done).closeAllConnections())))
  return { origin, model, close }
}
