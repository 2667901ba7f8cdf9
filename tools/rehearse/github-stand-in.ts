import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml } from '#lib/text.ts'
import {
  GitHubError,
  merge,
  notFound,
  type GitHubModel,
  type Pull,
} from '#tools/rehearse/github-model.ts'
import { answer } from '#tools/rehearse/github-rest.ts'

// A stand-in for GitHub on one address of localhost, as api.github.com (github-rest.ts) and as
// github.com: the OAuth app's authorize and token endpoints, which the editor's sign-in service
// calls, and pages listing the pull requests with their changes, checks and a merge button.
// It answers only under its per-run secret path, to its own Host, and lets only the rehearsal
// site's origin read its answers (CORS).

/** An OAuth app's keys, and its "Authorization callback URL", where GitHub may send people back. */
type OAuthApp = { clientId: string; clientSecret: string; callbackUrl: string }
/** The per-run secret every path starts with, and the one origin whose pages may call the API. */
type Guard = { secret: string; siteOrigin: string }
export type GitHubStandIn = Awaited<ReturnType<typeof startGitHubStandIn>>
type Grant = { login: string; redirectUri: string; scope: string; expires: number }
type Hold = {
  matches: (method: string, path: string) => boolean
  gate: Promise<void>
  arrived: () => void
}

const CODE_LIFETIME_MS = 10 * 60_000
const OAUTH_ERRORS = {
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  bad_verification_code: 'The code passed is incorrect or expired.',
  redirect_uri_mismatch:
    'The redirect_uri MUST match the registered callback URL for this application.',
}

// The CORS headers api.github.com sends (to every origin; here, to the rehearsal site's only).
const EXPOSED =
  'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset'
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, X-GitHub-Api-Version',
  'Access-Control-Max-Age': '86400',
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  if (status === 204) return void response.writeHead(204).end()
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
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
<form method="post" action="authorize">${hidden}<ul>${users.join('')}</ul>
<p><button type="submit" name="decision" value="deny">Cancel</button></p></form>`
}

/** Texts, each escaped, as list items. */
const listItems = (texts: string[]) => texts.map((text) => `<li>${escapeHtml(text)}</li>`).join('')

/** Pull requests, newest first, each with its changes, the latest run of each check and, while
 * open, a merge button for each person (GitHub's own rules refuse those it refuses). */
function pullsList(model: GitHubModel, pulls: Pull[], base: string): string {
  const items = pulls.map((pull) => {
    const from = model.store.mergeBase(model.baseSha(pull), pull.head.sha)!
    const files = model.store
      .changedFiles(from, pull.head.sha)
      .map(
        (f) =>
          `<li>${escapeHtml(`${f.filename} (${f.status})`)}<pre>${escapeHtml(f.patch ?? '')}</pre></li>`
      )
    const checks = model.latestChecks(pull.head.sha).map((r) => {
      const notes = r.annotations.map((a) => `${a.path} line ${a.start_line}: ${a.message}`)
      const summary = r.output?.summary ? `<pre>${escapeHtml(r.output.summary)}</pre>` : ''
      return `<li>${escapeHtml(r.name)}: ${r.conclusion ?? r.status}<ul>${listItems(notes)}</ul>${summary}</li>`
    })
    const people = model.users.map(
      (u) =>
        `<button type="submit" name="login" value="${escapeHtml(u.login)}">Merge pull request as ${escapeHtml(u.name)}</button>`
    )
    const state = pull.merged
      ? `Merged: ${escapeHtml(pull.merged.by)} merged ${escapeHtml(pull.user)}’s change`
      : `${pull.state === 'open' ? 'Open' : 'Closed'}: ${escapeHtml(pull.user)} wants to merge`
    return `<li><h2><a href="${base}/${model.fullName(model.origin)}/pull/${pull.number}">#${pull.number} ${escapeHtml(pull.title)}</a></h2>
<p>${state} from ${escapeHtml(pull.head.repo.owner)}:${escapeHtml(pull.head.ref)} into ${escapeHtml(pull.base)}.
Labels: ${escapeHtml(pull.labels.join(', ') || 'none')}.</p>
<h3>Files changed</h3><ul>${files.join('')}</ul>
<h3>Checks</h3><ul>${checks.join('') || '<li>No checks have started yet.</li>'}</ul>
${pull.state === 'open' ? `<form method="post" action="${base}/${model.fullName(model.origin)}/pull/${pull.number}/merge">${people.join(' ')}</form>` : ''}</li>`
  })
  return `<ul>${items.reverse().join('') || '<li>None yet.</li>'}</ul>`
}

/** Starts the stand-in on a free port of localhost. */
export async function startGitHubStandIn(model: GitHubModel, app: OAuthApp, guard: Guard) {
  const tokens = new Map<string, string>()
  const grants = new Map<string, Grant>()
  let [origin, base, port] = ['', '', 0]

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
    const call = { model, login, query: url.searchParams, body, origin: base }
    const [status, answered] = answer(method, url.pathname, call)
    // GitHub's caching headers on a signed-in read: Decap asks for blobs (named by their
    // content) with `force-cache`, so the browser reads each one once.
    if (method === 'GET' && status === 200 && login)
      response
        .setHeader('Cache-Control', 'private, max-age=60, s-maxage=60')
        .setHeader('Vary', 'Accept, Authorization, Cookie, X-GitHub-OTP')
    sendJson(response, status, answered)
  }

  const holds: Hold[] = []
  /** Holds the next request `matches` picks until release(); `reached` resolves when it arrives. */
  const hold = (matches: (method: string, path: string) => boolean) => {
    let release = () => {}
    let arrived = () => {}
    const gate = new Promise<void>((done) => (release = done))
    const reached = new Promise<void>((done) => (arrived = done))
    holds.push({ matches, gate, arrived })
    return { reached, release }
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    // Nothing without the secret, nothing to another Host (a page on another name for 127.0.0.1).
    const path = url.pathname.startsWith(`/${guard.secret}/`)
      ? url.pathname.slice(guard.secret.length + 1)
      : ''
    if (
      !path ||
      !new RegExp(`^(localhost|127\\.0\\.0\\.1|\\[::1\\]):${port}$`).test(
        request.headers.host ?? ''
      )
    )
      return void response.writeHead(404).end()
    url.pathname = path
    if (request.headers.origin === guard.siteOrigin)
      response
        .setHeader('Access-Control-Allow-Origin', guard.siteOrigin)
        .setHeader('Access-Control-Expose-Headers', EXPOSED)
    const held = holds.findIndex((h) => h.matches(request.method ?? 'GET', path))
    if (held >= 0) {
      const [{ gate, arrived }] = holds.splice(held, 1) as [Hold]
      arrived()
      await gate
    }
    const pull = /^\/[^/]+\/[^/]+\/pull\/(\d+)(\/merge)?$/.exec(path)
    try {
      if (request.method === 'OPTIONS')
        response.writeHead(204, request.headers.origin === guard.siteOrigin ? PREFLIGHT : {}).end()
      else if (path.startsWith('/login/oauth/')) await oauth(request, response, url)
      else if (pull?.[2] && request.method === 'POST') {
        const { login } = await readBody(request)
        const number = Number(pull[1])
        try {
          merge(model, model.pull(number), String(login ?? ''), { merge_method: 'squash' })
          response
            .writeHead(303, { Location: `/${guard.secret}${path.replace(/\/merge$/, '')}` })
            .end()
        } catch (error) {
          if (!(error instanceof GitHubError)) throw error
          sendHtml(
            response,
            error.status,
            `Not merged: ${error.message}`,
            pullsList(model, [model.pull(number)], base)
          )
        }
      } else if (request.method !== 'GET' || (path !== '/' && !pull))
        await api(request, response, url)
      else {
        const pulls = pull ? [model.pull(Number(pull[1]))] : model.pulls
        const title = pull
          ? `${pulls[0]!.title} #${pull[1]}`
          : `Pull requests of ${model.fullName(model.origin)} (rehearsal)`
        sendHtml(response, 200, title, pullsList(model, pulls, base))
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
  port = (servers[0].address() as AddressInfo).port
  await once(servers[1].listen(port, '::1'), 'listening').catch(() => 'no IPv6 here')
  origin = `http://localhost:${port}`
  base = `${origin}/${guard.secret}`
  const close = () =>
    Promise.all(servers.map((s) => new Promise((done) => s.close(done).closeAllConnections())))
  /** `base` is where GitHub's addresses start (its API root, its pages). */
  return { origin, base, model, close, hold }
}
