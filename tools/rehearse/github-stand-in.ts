import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { GitHubModel } from '#tools/rehearse/github-model.ts'
import { repoRoute, userJson } from '#tools/rehearse/github-rest.ts'
import { escapeHtml } from '#lib/text.ts'
import {
  GitHubError,
  notFound,
  preflight,
  readBody,
  sendError,
  sendHtml,
  sendJson,
} from '#tools/rehearse/github-http.ts'

// A stand-in for GitHub on this machine: its REST API (github-rest.ts, over
// the model in github-model.ts) and the two sign-in endpoints of an OAuth
// app that the site editor's sign-in service calls (authorize, where the
// person chooses who to sign in as, and the token exchange). One address
// stands for both api.github.com and github.com; the build and the sign-in
// service are told it, and nothing else changes.

export type OAuthApp = {
  clientId: string
  clientSecret: string
  /** The app's "Authorization callback URL": where GitHub may send people back to. */
  callbackUrl?: string
}

export type GitHubStandIn = {
  origin: string
  model: GitHubModel
  app: OAuthApp
  /** A token for a user, as the sign-in would give (for tests that call the API themselves). */
  tokenFor(login: string): string
  close(): Promise<void>
}

type Grant = { login: string; redirectUri: string; scope: string; expires: number }

const CODE_LIFETIME_MS = 10 * 60_000

/** Does a redirect address fall under the app's callback address, as GitHub requires? */
function callbackAllowed(app: OAuthApp, redirectUri: string): boolean {
  if (!app.callbackUrl) return false
  try {
    const [given, registered] = [new URL(redirectUri), new URL(app.callbackUrl)]
    return given.origin === registered.origin && given.pathname.startsWith(registered.pathname)
  } catch {
    return false
  }
}

function authorizePage(model: GitHubModel, app: OAuthApp, query: URLSearchParams): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
    .map(
      (name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`
    )
    .join('')
  const users = model.users
    .map(
      (u) =>
        `<li><button type="submit" name="login" value="${escapeHtml(u.login)}">Sign in as ${escapeHtml(u.name)} (${escapeHtml(u.login)})</button> ` +
        `${u.write ? 'can change the site’s repository' : 'cannot change the repository: works in a copy of it (a fork)'}</li>`
    )
    .join('')
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign in to GitHub (rehearsal)</title>
<main><h1>Sign in to GitHub (rehearsal)</h1>
<p>This is the rehearsal’s stand-in for GitHub. The site editor asks to read and change
<b>${escapeHtml(model.fullName(model.origin))}</b> for you (scope: ${escapeHtml(query.get('scope') ?? '')}).</p>
<form method="post" action="/login/oauth/authorize">${hidden}<ul>${users}</ul>
<p><button type="submit" name="decision" value="deny">Cancel</button></p></form></main></html>`
}

/** The stand-in's front page: every pull request, newest first, with its state and checks. */
function pullsPage(model: GitHubModel): string {
  const full = model.fullName(model.origin)
  const rows = [...model.pulls]
    .reverse()
    .map((pull) => {
      const checks = model.latestChecks(pull.head.sha)
      const check = checks.length
        ? checks.map((r) => r.conclusion ?? r.status).join(', ')
        : 'not started'
      const state = pull.merged ? 'merged' : pull.state
      return `<li><a href="/${escapeHtml(full)}/pull/${pull.number}">#${pull.number} ${escapeHtml(pull.title)}</a>: ${state}, check ${escapeHtml(check)}</li>`
    })
    .join('')
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pull requests of ${escapeHtml(full)} (rehearsal)</title>
<main><h1>Pull requests of ${escapeHtml(full)} (rehearsal)</h1><ul>${rows || '<li>None yet.</li>'}</ul></main></html>`
}

function pullPage(model: GitHubModel, number: number): string {
  const pull = model.pull(number)
  const runs = model.latestChecks(pull.head.sha)
  const checks = runs.length
    ? runs
        .map(
          (r) =>
            `<li>${escapeHtml(r.name)}: ${r.status === 'completed' ? escapeHtml(r.conclusion ?? '') : escapeHtml(r.status)}` +
            `<ul>${r.annotations.map((a) => `<li>${escapeHtml(a.path)} line ${a.line}: ${escapeHtml(a.message)}</li>`).join('')}</ul></li>`
        )
        .join('')
    : '<li>No checks have started yet.</li>'
  const files = model.store.changedFiles(
    model.store.mergeBase(model.baseSha(pull), pull.head.sha)!,
    pull.head.sha
  )
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(pull.title)} #${pull.number}</title>
<main><h1>${escapeHtml(pull.title)} #${pull.number}</h1>
<p>${pull.merged ? 'Merged' : pull.state === 'open' ? 'Open' : 'Closed'}: ${escapeHtml(pull.user)} wants to merge
${escapeHtml(pull.head.repo.owner)}:${escapeHtml(pull.head.ref)} into ${escapeHtml(pull.base)}.
Labels: ${escapeHtml(pull.labels.join(', ') || 'none')}.</p>
<h2>Files changed</h2><ul>${files.map((f) => `<li>${escapeHtml(f.filename)} (${f.status})</li>`).join('')}</ul>
<h2>Checks</h2><ul>${checks}</ul></main></html>`
}

/** Starts the stand-in on localhost (a free port unless one is given). */
export async function startGitHubStandIn(
  model: GitHubModel,
  app: OAuthApp,
  options: { port?: number } = {}
): Promise<GitHubStandIn> {
  const tokens = new Map<string, string>()
  const grants = new Map<string, Grant>()
  let origin = ''
  const issueToken = (login: string) => {
    const token = `gho_${randomBytes(18).toString('base64url')}`
    tokens.set(token, login)
    return token
  }

  async function oauth(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (url.pathname === '/login/oauth/authorize' && request.method === 'GET') {
      if (url.searchParams.get('client_id') !== app.clientId)
        return sendHtml(
          response,
          404,
          '<!doctype html><title>Not found</title><p>No such application.'
        )
      const redirectUri = url.searchParams.get('redirect_uri') ?? app.callbackUrl ?? ''
      if (!callbackAllowed(app, redirectUri))
        return sendHtml(
          response,
          400,
          '<!doctype html><title>Redirect URI mismatch</title><p>The redirect_uri is not associated with this application.'
        )
      return sendHtml(response, 200, authorizePage(model, app, url.searchParams))
    }
    if (url.pathname === '/login/oauth/authorize' && request.method === 'POST') {
      const form = await readBody(request)
      const redirectUri = String(form.redirect_uri || app.callbackUrl || '')
      if (form.client_id !== app.clientId || !callbackAllowed(app, redirectUri))
        return sendHtml(response, 400, '<!doctype html><title>Bad request</title><p>Bad request.')
      const back = new URL(redirectUri)
      const login = String(form.login ?? '')
      if (form.decision === 'deny' || !model.user(login)) {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied your application access.')
      } else {
        const code = randomBytes(10).toString('hex')
        grants.set(code, {
          login,
          redirectUri,
          scope: String(form.scope ?? ''),
          expires: Date.now() + CODE_LIFETIME_MS,
        })
        back.searchParams.set('code', code)
      }
      back.searchParams.set('state', String(form.state ?? ''))
      return void response.writeHead(302, { Location: back.href }).end()
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      const asked = await readBody(request)
      const grant = grants.get(String(asked.code))
      grants.delete(String(asked.code))
      const reply: Record<string, string> =
        asked.client_id !== app.clientId || asked.client_secret !== app.clientSecret
          ? {
              error: 'incorrect_client_credentials',
              error_description: 'The client_id and/or client_secret passed are incorrect.',
            }
          : !grant || grant.expires < Date.now()
            ? {
                error: 'bad_verification_code',
                error_description: 'The code passed is incorrect or expired.',
              }
            : asked.redirect_uri !== undefined && asked.redirect_uri !== grant.redirectUri
              ? {
                  error: 'redirect_uri_mismatch',
                  error_description:
                    'The redirect_uri MUST match the registered callback URL for this application.',
                }
              : { access_token: issueToken(grant.login), token_type: 'bearer', scope: grant.scope }
      if ((request.headers.accept ?? '').includes('application/json'))
        return sendJson(response, 200, reply)
      return void response
        .writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' })
        .end(new URLSearchParams(reply).toString())
    }
    throw notFound()
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const header = request.headers.authorization ?? ''
    const token = /^(?:token|bearer)\s+(\S+)$/i.exec(header)?.[1]
    const login = token ? tokens.get(token) : undefined
    if (header && !login) throw new GitHubError(401, 'Bad credentials')
    const method = request.method ?? 'GET'
    const path = url.pathname
    if (path === '/user' && method === 'GET') {
      if (!login) throw new GitHubError(401, 'Requires authentication')
      return sendJson(response, 200, userJson(model, login))
    }
    const user = /^\/users\/([^/]+)$/.exec(path)
    if (user && method === 'GET')
      return sendJson(response, 200, userJson(model, decodeURIComponent(user[1]!)))
    if (path === '/search/issues' && method === 'GET')
      return sendJson(response, 200, { total_count: 0, incomplete_results: false, items: [] })
    const repo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path)
    if (!repo) throw notFound()
    const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? await readBody(request) : {}
    const [status, answer] = repoRoute(method, repo[3] ?? '', {
      model,
      login,
      repo: model.repo(decodeURIComponent(repo[1]!), decodeURIComponent(repo[2]!)),
      query: url.searchParams,
      body,
      base: origin,
    })
    sendJson(response, status, answer)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    try {
      if (request.method === 'OPTIONS') return preflight(response)
      if (url.pathname.startsWith('/login/oauth/')) await oauth(request, response, url)
      else {
        const page = /^\/[^/]+\/[^/]+\/pull\/(\d+)$/.exec(url.pathname)
        if (page && request.method === 'GET')
          sendHtml(response, 200, pullPage(model, Number(page[1])))
        else if (url.pathname === '/' && request.method === 'GET')
          sendHtml(response, 200, pullsPage(model))
        else await api(request, response, url)
      }
    } catch (error) {
      if (!(error instanceof GitHubError)) console.error(error)
      const answer = error instanceof GitHubError ? error : new GitHubError(500, 'Server Error')
      if (!response.headersSent) sendError(response, answer)
    }
  }
  // On localhost only, both as 127.0.0.1 and as ::1: a browser or workerd may take either.
  const servers: Server[] = [createServer(handle)]
  await new Promise<void>((resolve) => servers[0]!.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (servers[0]!.address() as AddressInfo).port
  const v6 = createServer(handle)
  await new Promise<void>((resolve) =>
    v6.once('error', () => resolve()).listen(port, '::1', () => (servers.push(v6), resolve()))
  )
  origin = `http://localhost:${port}`
  return {
    origin,
    model,
    app,
    tokenFor: issueToken,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve())
              server.closeAllConnections()
            })
        )
      ).then(() => undefined),
  }
}
