import { STATUS_CODES } from 'node:http'

/**
 * Checks outside addresses (forms, documents, videos, links) and reports the
 * broken ones with every place in content/ that uses them. Pure apart from
 * the network: it reads no files and no environment, so the CLI
 * (tools/links/check-links.ts) and the tests decide what to check and how to
 * report. Requests use Node's built-in fetch with `redirect: 'manual'`, so
 * each redirect is seen and counted.
 */

/** One place in content/ that uses an address. */
export type LinkUse = { file: string; line?: number; id: string }

/** One distinct address, with every place that uses it. */
export type LinkTarget = { url: string; uses: LinkUse[] }

export type LinkResult = {
  url: string
  /** True when the address (after any redirects) answered 2xx. */
  ok: boolean
  /** The last HTTP status received, when a server answered at all. */
  status?: number
  /** Where the redirects ended, when there were any. */
  finalUrl?: string
  redirects: number
  /**
   * Set when a working address redirects: `permanently` when every redirect
   * was a 301 or 308 (the address should be updated), otherwise `temporarily`.
   */
  moved?: 'permanently' | 'temporarily'
  /** What is wrong, in plain words, when `ok` is false. */
  problem?: string
  /** How many times the address was tried (2 when it was retried). */
  attempts: number
  uses: LinkUse[]
}

export type CheckLinksOptions = {
  /** Addresses checked at once (default 6). */
  concurrency?: number
  /** Time allowed for each request, in milliseconds (default 10,000). */
  timeoutMs?: number
  /** Extra tries after a network error, a timeout, a 5xx or a 429 (default 1). */
  retries?: number
  /** Wait before a retry, in milliseconds (default 1,000). */
  retryDelayMs?: number
  /** Redirects followed before giving up (default 10). */
  maxRedirects?: number
  userAgent?: string
  /** Called as each address finishes, for progress output. */
  onResult?: (result: LinkResult, done: number, total: number) => void
}

export const DEFAULT_USER_AGENT =
  'mtfp1-link-check/1.0 (link checker of the Bureau of Fire Prevention site, Monroe Township Fire District No. 1)'

const DEFAULTS = {
  concurrency: 6,
  timeoutMs: 10_000,
  retries: 1,
  retryDelayMs: 1_000,
  maxRedirects: 10,
  userAgent: DEFAULT_USER_AGENT,
}

/** Groups loose uses into one target per distinct address, keeping first-seen order. */
export function groupUses(uses: readonly (LinkUse & { url: string })[]): LinkTarget[] {
  const byUrl = new Map<string, LinkTarget>()
  for (const { url, ...use } of uses) {
    const target = byUrl.get(url)
    if (target) target.uses.push(use)
    else byUrl.set(url, { url, uses: [use] })
  }
  return [...byUrl.values()]
}

/** Checks every target, a few at a time; results come back in the targets' order. */
export async function checkLinks(
  targets: readonly LinkTarget[],
  options: CheckLinksOptions = {}
): Promise<LinkResult[]> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) }
  // A host whose name could not be found is not asked again for each of its
  // addresses: offline, every address fails at once instead of one by one.
  const unknownHosts = new Map<string, string>()
  let done = 0
  return mapWithLimit(targets, Math.max(1, settings.concurrency), async (target) => {
    const result = await checkOne(target, settings, unknownHosts)
    done += 1
    options.onResult?.(result, done, targets.length)
    return result
  })
}

type Settings = typeof DEFAULTS

/** Runs `fn` over `items` with at most `limit` calls in flight. */
async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** The outcome of following one address once: an answer, or a failure before any answer. */
type Outcome =
  | {
      kind: 'answer'
      status: number
      statusText: string
      finalUrl: string
      redirects: number
      allPermanent: boolean
    }
  | {
      kind: 'failed'
      problem: string
      retry: boolean
      /** The address being asked when it failed. */
      url: string
      redirects: number
      unknownHost?: string
    }

async function checkOne(
  target: LinkTarget,
  settings: Settings,
  unknownHosts: Map<string, string>
): Promise<LinkResult> {
  const base = { url: target.url, uses: target.uses }
  let parsed: URL
  try {
    parsed = new URL(target.url)
  } catch {
    return { ...base, ok: false, redirects: 0, attempts: 0, problem: 'is not a valid address' }
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ...base,
      ok: false,
      redirects: 0,
      attempts: 0,
      problem: `is not a web address (it starts with "${parsed.protocol}")`,
    }
  }

  let attempts = 0
  for (;;) {
    const known = unknownHosts.get(parsed.hostname)
    if (known) return { ...base, ok: false, redirects: 0, attempts, problem: known }
    attempts += 1
    const outcome = await follow(parsed, settings)
    const retry =
      outcome.kind === 'failed' ? outcome.retry : outcome.status >= 500 || outcome.status === 429
    if (retry && attempts <= settings.retries) {
      await sleep(settings.retryDelayMs)
      continue
    }
    if (outcome.kind === 'failed') {
      if (outcome.unknownHost && outcome.redirects === 0) {
        unknownHosts.set(outcome.unknownHost, outcome.problem)
      }
      return {
        ...base,
        ok: false,
        redirects: outcome.redirects,
        attempts,
        ...(outcome.redirects > 0 ? { finalUrl: outcome.url } : {}),
        problem: outcome.problem,
      }
    }
    const ok = outcome.status >= 200 && outcome.status < 300
    const result: LinkResult = {
      ...base,
      ok,
      status: outcome.status,
      redirects: outcome.redirects,
      attempts,
    }
    if (outcome.redirects > 0) result.finalUrl = outcome.finalUrl
    if (ok && outcome.redirects > 0) {
      result.moved = outcome.allPermanent ? 'permanently' : 'temporarily'
    }
    if (!ok) {
      const answered = `the server answered ${outcome.status}${outcome.statusText ? ` ${outcome.statusText}` : ''}`
      result.problem =
        outcome.redirects > 0
          ? `${answered} (at ${outcome.finalUrl}, after ${count(outcome.redirects, 'redirect')})`
          : answered
      if (outcome.status === 401 || outcome.status === 403) {
        result.problem +=
          '; some sites refuse automatic checkers, so open it in a browser to be sure'
      } else if (outcome.status === 429) {
        result.problem += '; the site asked the checker to slow down, so the address may be fine'
      }
    }
    return result
  }
}

/** Follows one address through its redirects, HEAD first and GET when HEAD is refused. */
async function follow(start: URL, settings: Settings): Promise<Outcome> {
  let url = start
  let redirects = 0
  let allPermanent = true
  // Some servers refuse HEAD (405, 501) or answer it wrongly (403, 404, 500);
  // once a server has, the rest of the chain is asked with GET.
  let method: 'HEAD' | 'GET' = 'HEAD'
  const seen = new Set<string>([url.href])
  for (;;) {
    let response: Response
    try {
      response = await request(url, method, settings)
      if (method === 'HEAD' && response.status >= 400) {
        method = 'GET'
        response = await request(url, method, settings)
      }
    } catch (error) {
      const failure = describeFailure(error, url, settings)
      if (redirects > 0) {
        failure.problem += ` (at ${url.href}, after ${count(redirects, 'redirect')})`
      }
      return { kind: 'failed', url: url.href, redirects, ...failure }
    }
    const { status } = response
    const statusText = STATUS_CODES[status] ?? response.statusText
    if (status < 300 || status >= 400 || status === 304) {
      return { kind: 'answer', status, statusText, finalUrl: url.href, redirects, allPermanent }
    }
    const location = response.headers.get('location')
    if (!location) {
      return {
        kind: 'failed',
        url: url.href,
        redirects,
        retry: false,
        problem: `the server answered ${status} ${statusText} (a redirect) but gave no new address`,
      }
    }
    let next: URL
    try {
      next = new URL(location, url)
    } catch {
      return {
        kind: 'failed',
        url: url.href,
        redirects,
        retry: false,
        problem: `the server redirects to "${location}", which is not a valid address`,
      }
    }
    redirects += 1
    if (status !== 301 && status !== 308) allPermanent = false
    if (seen.has(next.href)) {
      return {
        kind: 'failed',
        url: url.href,
        redirects,
        retry: false,
        problem: `the address redirects in a loop (back to ${next.href})`,
      }
    }
    if (redirects > settings.maxRedirects) {
      return {
        kind: 'failed',
        url: url.href,
        redirects,
        retry: false,
        problem: `too many redirects (more than ${settings.maxRedirects})`,
      }
    }
    if (next.protocol !== 'https:' && next.protocol !== 'http:') {
      return {
        kind: 'failed',
        url: url.href,
        redirects,
        retry: false,
        problem: `the server redirects to "${next.href}", which is not a web address`,
      }
    }
    seen.add(next.href)
    url = next
  }
}

async function request(url: URL, method: 'HEAD' | 'GET', settings: Settings): Promise<Response> {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(settings.timeoutMs),
    headers: { 'user-agent': settings.userAgent, accept: '*/*' },
  })
  // Only the status and headers matter: drop the body (a GET of a video would
  // otherwise download it) so the connection is freed.
  await response.body?.cancel().catch(() => {})
  return response
}

/** Network-level failures (no HTTP answer) in plain words, and whether a retry may help. */
function describeFailure(
  error: unknown,
  url: URL,
  settings: Settings
): { problem: string; retry: boolean; unknownHost?: string } {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { problem: `no answer within ${seconds(settings.timeoutMs)}`, retry: true }
  }
  const code = errorCode(error)
  switch (code) {
    case 'ENOTFOUND':
      // The name service answered that the name does not exist: final.
      return {
        problem: "the address's host name could not be found",
        retry: false,
        unknownHost: url.hostname,
      }
    case 'EAI_AGAIN':
      return {
        problem: "the address's host name could not be found (the name lookup failed)",
        retry: true,
        unknownHost: url.hostname,
      }
    case 'ECONNREFUSED':
      return { problem: 'the server refused the connection', retry: true }
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return { problem: 'the server closed the connection without answering', retry: true }
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'ETIMEDOUT':
      return { problem: `no answer within ${seconds(settings.timeoutMs)}`, retry: true }
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return { problem: 'the server could not be reached (no network route to it)', retry: true }
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return { problem: `the site's security certificate is not valid (${code})`, retry: false }
  }
  const detail = causeMessage(error)
  return {
    problem: `the request failed before the server answered${detail ? ` (${detail})` : ''}`,
    retry: true,
  }
}

/** fetch rejects with "fetch failed" and puts the system error in `cause`. */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown }
    if (typeof code === 'string') return code
    // Trying IPv4 and IPv6 in turn fails with an AggregateError of both.
    if (Array.isArray(errors) && errors.length) current = errors[0]
    else current = cause
  }
  return undefined
}

function causeMessage(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause
  if (cause instanceof Error) return cause.message
  return error instanceof Error ? error.message : undefined
}

function seconds(ms: number): string {
  const s = ms / 1000
  return s === 1 ? '1 second' : `${Number(s.toFixed(1))} seconds`
}

function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

// ---------------------------------------------------------------------------
// The report

export type ReportOptions = {
  /** Add GitHub Actions annotations (`::error` and `::notice` lines). */
  githubActions?: boolean
}

function where(use: LinkUse): string {
  return `${use.file}${use.line ? `:${use.line}` : ''} (id ${use.id})`
}

/**
 * The report as text: each broken address with its problem and every use,
 * then the addresses that moved but work, then a one-line summary. With
 * `githubActions`, one annotation per use follows, so GitHub marks the line.
 */
export function formatLinkReport(
  results: readonly LinkResult[],
  options: ReportOptions = {}
): string {
  const broken = results.filter((r) => !r.ok)
  const moved = results.filter((r) => r.ok && r.moved)
  const lines: string[] = []

  if (broken.length) {
    lines.push(`Broken addresses (${broken.length}):`, '')
    for (const result of broken) {
      lines.push(result.url, `  ${result.problem ?? 'broken'}`)
      for (const use of result.uses) lines.push(`  used in ${where(use)}`)
      lines.push('')
    }
  }
  if (moved.length) {
    lines.push(`Addresses that redirect but work (${moved.length}):`, '')
    for (const result of moved) {
      lines.push(result.url, `  ${movedText(result)}`)
      for (const use of result.uses) lines.push(`  used in ${where(use)}`)
      lines.push('')
    }
  }
  lines.push(summary(results, broken.length, moved.length))

  if (options.githubActions) {
    for (const result of broken) {
      for (const use of result.uses) {
        lines.push(
          annotation('error', use, 'Broken link', `${result.url}: ${result.problem} (id ${use.id})`)
        )
      }
    }
    for (const result of moved) {
      for (const use of result.uses) {
        lines.push(
          annotation(
            'notice',
            use,
            'Moved link',
            `${result.url}: ${movedText(result)} (id ${use.id})`
          )
        )
      }
    }
  }
  return lines.join('\n')
}

function movedText(result: LinkResult): string {
  const hops = count(result.redirects, 'redirect')
  return result.moved === 'permanently'
    ? `moved permanently to ${result.finalUrl} (${hops}); update the address to the new one`
    : `forwards to ${result.finalUrl} (${hops}, not marked permanent); it can stay as it is`
}

function summary(results: readonly LinkResult[], broken: number, moved: number): string {
  const total = count(results.length, 'address', 'addresses')
  const working = results.length - broken
  let line = `${total} checked: ${working} working${moved ? ` (${moved} of them through a redirect)` : ''}, ${broken} broken.`
  // When nothing answered at all, the fault is most likely this computer's
  // network, not the addresses.
  if (results.length > 0 && results.every((r) => !r.ok && r.status === undefined)) {
    line += ' No server answered at all: check the internet connection before changing any address.'
  }
  return line
}

/** A GitHub Actions workflow command, escaped as the runner expects. */
function annotation(
  level: 'error' | 'notice',
  use: LinkUse,
  title: string,
  message: string
): string {
  const props = [`file=${escapeProperty(use.file)}`]
  if (use.line) props.push(`line=${use.line}`)
  props.push(`title=${escapeProperty(title)}`)
  return `::${level} ${props.join(',')}::${escapeData(message)}`
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}
