import { lookup } from 'node:dns/promises'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { STATUS_CODES } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LinkChecker, LinkState, type LinkResult as CheckedLink } from 'linkinator'
import { githubAnnotation } from '#lib/content/report.ts'
import { escapeHtml, plural } from '#lib/text.ts'

/**
 * Checks outside addresses (forms, documents, videos, links) with linkinator
 * and reports the broken ones with every place in content/ that uses them.
 * This file only adapts: it hands the addresses to linkinator and turns its
 * answers into plain words for staff, with the file, line and id of each use.
 * It reads no content and no environment, so the CLI
 * (tools/links/check-links.ts) and the tests decide what to check and how to
 * report.
 *
 * linkinator is given one temporary page that links to every address, and
 * checks that page without crawling further (`recurse: false`): each address
 * is then asked once, HEAD first and GET when HEAD is refused, its redirects
 * followed, and no outside page is read for links of its own. (Handing it
 * the addresses themselves as starting points would fetch each one with GET
 * and check every link found on it.)
 *
 * Each host name is looked up once first. linkinator would try every address
 * of a host whose name does not exist and retry each after 2 s or more; with
 * no network at all that took 9 minutes for 705 addresses instead of seconds.
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
  /**
   * Where the address now leads, when it redirects. linkinator follows
   * redirects itself and tells only where they ended, not how many there were
   * nor whether they were marked permanent, so the report says "now leads to"
   * and leaves the judgement to staff (no extra request is made to find out).
   */
  finalUrl?: string
  /** What is wrong, in plain words, when `ok` is false. */
  problem?: string
  uses: LinkUse[]
}

export type CheckLinksOptions = {
  /** Addresses checked at once (default 6). */
  concurrency?: number
  /** Time allowed for each address, redirects included, in milliseconds (default 10,000). */
  timeoutMs?: number
  /** Extra tries after a network error, a timeout, a 5xx or a 429 (default 1). */
  retries?: number
  /**
   * linkinator waits 2 s before a first retry (4 s before a second), plus a
   * random part of up to this many milliseconds (default 1,000).
   */
  retryJitterMs?: number
  userAgent?: string
}

export const DEFAULT_USER_AGENT =
  'mtfp1-link-check/1.0 (link checker of the Bureau of Fire Prevention site, Monroe Township Fire District No. 1)'

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

/** Checks every target; results come back in the targets' order. */
export async function checkLinks(
  targets: readonly LinkTarget[],
  options: CheckLinksOptions = {}
): Promise<LinkResult[]> {
  const timeoutMs = options.timeoutMs ?? 10_000
  // Addresses that are not web addresses are reported without any request.
  const keys = targets.map((target) => webKey(target.url))
  // Addresses whose host name cannot be found are reported without a request.
  const unknownHosts = await lookUpHosts(keys.filter((key) => !key.startsWith('!')))
  keys.forEach((key, i) => {
    const problem = key.startsWith('!') ? undefined : unknownHosts.get(new URL(key).hostname)
    if (problem) keys[i] = `!${problem}`
  })
  const toCheck = [...new Set(keys.filter((key) => !key.startsWith('!')))]
  const checked = new Map<string, CheckedLink>()
  const finalUrls = new Map<string, string>()

  if (toCheck.length) {
    const dir = await mkdtemp(join(tmpdir(), 'link-check-'))
    try {
      const page = join(dir, 'addresses.html')
      const anchors = toCheck.map((url) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
      await writeFile(page, `<!doctype html>\n<title>Addresses</title>\n${anchors.join('\n')}\n`)
      const checker = new LinkChecker()
      checker.on('redirect', (redirect) => {
        if (redirect.targetUrl) finalUrls.set(redirect.url, redirect.targetUrl)
      })
      const { links } = await checker.check({
        path: page,
        recurse: false,
        concurrency: options.concurrency ?? 6,
        timeout: timeoutMs,
        // Retry-After is not waited for (a site may ask for an hour): a 429
        // is retried like a 5xx instead, after linkinator's usual pause.
        retry: false,
        retryErrors: (options.retries ?? 1) > 0,
        retryErrorsCount: options.retries ?? 1,
        retryErrorsJitter: options.retryJitterMs ?? 1_000,
        redirects: 'warn',
        userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      })
      // The page itself is in the list too; it has no parent.
      for (const link of links) if (link.parent) checked.set(link.url, link)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  return targets.map((target, i) => {
    const key = keys[i]!
    const base = { url: target.url, uses: target.uses }
    if (key.startsWith('!')) return { ...base, ok: false, problem: key.slice(1) }
    const link = checked.get(key)
    if (!link) return { ...base, ok: false, problem: 'the checker gave no answer for it' }
    const finalUrl = finalUrls.get(key)
    const result: LinkResult = { ...base, ok: link.state === LinkState.OK }
    if (link.status) result.status = link.status
    if (finalUrl) result.finalUrl = finalUrl
    if (!result.ok) result.problem = describe(link, finalUrl, timeoutMs)
    return result
  })
}

/** Looks up each host name once; returns the problem for those that cannot be found. */
async function lookUpHosts(urls: readonly string[]): Promise<Map<string, string>> {
  const hosts = [...new Set(urls.map((url) => new URL(url).hostname))]
  const problems = new Map<string, string>()
  await Promise.all(
    hosts.map(async (host) => {
      try {
        await lookup(host.replace(/^\[|\]$/g, ''))
      } catch (error) {
        const code = errorCode(error)
        if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
          problems.set(host, describeFailure(error as Error, 0))
      }
    })
  )
  return problems
}

/**
 * The address as linkinator will name it (parsed, without its #fragment), or
 * "!" and the problem when it is not a web address at all.
 */
function webKey(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '!is not a valid address'
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return `!is not a web address (it starts with "${parsed.protocol}")`
  }
  parsed.hash = ''
  return parsed.href
}

/** What is wrong with a link linkinator did not accept, in plain words. */
function describe(link: CheckedLink, finalUrl: string | undefined, timeoutMs: number): string {
  const status = link.status ?? 0
  if (status === 0) {
    // No answer: the last error (from the GET after the HEAD) says why.
    const errors = (link.failureDetails ?? []).filter((detail) => detail instanceof Error)
    return describeFailure(errors.at(-1), timeoutMs)
  }
  let problem = `the server answered ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`
  if (finalUrl) problem += ` at ${finalUrl}, where the address now leads`
  // linkinator sets aside (SKIPPED) a 999 and a 403 from Cloudflare's robot
  // challenge: both say only that the site refuses checkers.
  if (status === 401 || status === 403 || link.state === LinkState.SKIPPED) {
    problem += '; some sites refuse automatic checkers, so open it in a browser to be sure'
  } else if (status === 429) {
    problem += '; the site asked the checker to slow down, so the address may be fine'
  }
  return problem
}

/** Network-level failures (no HTTP answer) in plain words. */
function describeFailure(error: Error | undefined, timeoutMs: number): string {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return `no answer within ${seconds(timeoutMs)}`
  }
  const cause = error?.cause instanceof Error ? error.cause : undefined
  if (cause?.message === 'redirect count exceeded') {
    return 'the address redirects too many times (more than 20), most likely in a loop'
  }
  const code = errorCode(error)
  switch (code) {
    case 'ENOTFOUND':
      return "the address's host name could not be found"
    case 'EAI_AGAIN':
      return "the address's host name could not be found (the name lookup failed)"
    case 'ECONNREFUSED':
      return 'the server refused the connection'
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'the server closed the connection without answering'
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'ETIMEDOUT':
      return `no answer within ${seconds(timeoutMs)}`
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'the server could not be reached (no network route to it)'
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return `the site's security certificate is not valid (${code})`
  }
  const detail = cause?.message ?? error?.message
  return `the request failed before the server answered${detail ? ` (${detail})` : ''}`
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

function seconds(ms: number): string {
  const s = ms / 1000
  return s === 1 ? '1 second' : `${Number(s.toFixed(1))} seconds`
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
 * then the addresses that redirect but work, then a one-line summary. With
 * `githubActions`, one annotation per use follows, so GitHub marks the line.
 */
export function formatLinkReport(
  results: readonly LinkResult[],
  options: ReportOptions = {}
): string {
  const broken = results.filter((r) => !r.ok)
  const moved = results.filter((r) => r.ok && r.finalUrl)
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
  return `now leads to ${result.finalUrl}; if that is the same page or file, update the address to it`
}

function summary(results: readonly LinkResult[], broken: number, moved: number): string {
  const total = plural(results.length, 'address', 'addresses')
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
const annotation = (
  severity: 'error' | 'notice',
  { file, line }: LinkUse,
  title: string,
  message: string
) => githubAnnotation({ severity, file, line, message }, title)
