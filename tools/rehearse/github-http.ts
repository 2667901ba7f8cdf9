import type { IncomingMessage, ServerResponse } from 'node:http'

// What every answer of the GitHub stand-in shares with GitHub's: JSON with
// GitHub's error shape, the CORS headers api.github.com sends to browsers
// (so the editor's page can call it from its own origin), and the reading
// of a request's body.

export const DOCS = 'https://docs.github.com/rest'

/** An answer GitHub gives instead of what was asked: its status and message. */
export class GitHubError extends Error {
  readonly status: number
  readonly extra: Record<string, unknown>

  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.extra = extra
  }
}

export const notFound = (message = 'Not Found') => new GitHubError(404, message)
export const unprocessable = (message: string) => new GitHubError(422, message)
/** GitHub's "Validation Failed" answer, with one error saying why. */
export const validationFailed = (resource: string, message: string, field?: string) =>
  new GitHubError(422, 'Validation Failed', {
    errors: [{ resource, code: 'custom', ...(field ? { field } : {}), message }],
  })

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
}

/** The answer to a browser's preflight request, as api.github.com gives it. */
export function preflight(response: ServerResponse) {
  response
    .writeHead(204, {
      ...CORS,
      'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
      'Access-Control-Allow-Headers':
        'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, X-GitHub-Api-Version',
      'Access-Control-Max-Age': '86400',
    })
    .end()
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  if (status === 204) return void response.writeHead(204, CORS).end()
  response
    .writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body))
}

export function sendError(response: ServerResponse, error: GitHubError) {
  sendJson(response, error.status, {
    message: error.message,
    ...error.extra,
    documentation_url: DOCS,
  })
}

export function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
}

/** A request's body, as JSON or as a form, whichever it was sent as. */
export async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text) return {}
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new GitHubError(400, 'Problems parsing JSON')
  }
}
