// `npm run check:links` (weekly; needs the internet): every outside address of content/ through
// linkinator, on one temporary page linking to them all. Done here: their uses (file, line, id),
// one host look-up first (offline, linkinator alone took 9 minutes), skips counted as unknown.
import { lookup } from 'node:dns/promises'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { STATUS_CODES } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LinkChecker, LinkState, type LinkResult as Checked } from 'linkinator'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { parseYamlWithLines } from '#lib/content/yaml.ts'
import { githubAnnotation } from '#lib/content/report.ts'
import { escapeHtml } from '#lib/text.ts'

type LinkUse = { file: string; line?: number; id: string }
/** One distinct address, with every place that uses it. */
export type LinkTarget = { url: string; uses: LinkUse[] }
/** `ok`: 2xx after any redirects; `finalUrl`: where a redirect ended; `problem`: in plain words. */
export type LinkResult = LinkTarget & {
  ok: boolean
  status?: number
  finalUrl?: string
  problem?: string
}

export const DEFAULT_USER_AGENT =
  'mtfp1-link-check/1.0 (link checker of the Bureau of Fire Prevention site, Monroe Township Fire District No. 1)'

/** The registries that hold outside addresses (pages refer to them by id), and the meeting records. */
export function collectTargets(source: ContentSource): LinkTarget[] {
  if (!checkContent(source).content)
    throw new Error('The content has errors: run npm run check:content and fix them first.')
  const byUrl = new Map<string, LinkUse[]>()
  const registries = (['documents', 'links', 'videos', 'forms'] as const).map(
    (name) => source.registries[name]!
  )
  for (const file of [...registries, ...source.meetings]) {
    const yaml = parseYamlWithLines(file.text, file.path)
    const entries = (Array.isArray(yaml.data) ? yaml.data : []) as { id: string; url: string }[]
    entries.forEach(({ id, url }, i) => {
      const use = { file: file.path, line: yaml.lineOf([i, 'url']), id }
      byUrl.set(url, [...(byUrl.get(url) ?? []), use])
    })
  }
  return [...byUrl].map(([url, uses]) => ({ url, uses }))
}

/** Checks every target, in order; `retries` after a network error, a timeout, a 5xx or a 429. */
export async function checkLinks(
  targets: readonly LinkTarget[],
  { timeoutMs = 10_000, retries = 1, retryJitterMs = 1_000, concurrency = 6 } = {}
): Promise<LinkResult[]> {
  // Each address as linkinator names it (without its #part); undefined when not a web address.
  const urls = targets.map(({ url }) => {
    const parsed = URL.parse(url)
    if (parsed) parsed.hash = ''
    return parsed && /^https?:$/.test(parsed.protocol) ? parsed : undefined
  })
  const unknownHosts = new Set<string>()
  await Promise.all(
    [...new Set(urls.flatMap((url) => (url ? [url.hostname] : [])))].map((host) =>
      lookup(host.replace(/^\[|\]$/g, '')).catch((error) => {
        if (['ENOTFOUND', 'EAI_AGAIN'].includes(errorCode(error)!)) unknownHosts.add(host)
      })
    )
  )
  // linkinator asks once for an address listed twice.
  const toCheck = urls.flatMap((url) => (url && !unknownHosts.has(url.hostname) ? [url.href] : []))
  const checked = new Map<string, Checked>()
  const finalUrls = new Map<string, string>()
  const dir = await mkdtemp(join(tmpdir(), 'link-check-'))
  try {
    const page = join(dir, 'addresses.html')
    await writeFile(page, toCheck.map((url) => `<a href="${escapeHtml(url)}">x</a>`).join('\n'))
    const checker = new LinkChecker()
    checker.on('redirect', ({ url, targetUrl }) => targetUrl && finalUrls.set(url, targetUrl))
    const { links } = await checker.check({
      path: page,
      recurse: false,
      concurrency,
      timeout: timeoutMs,
      // Retry-After is not waited for (a site may ask for an hour): a 429 is retried like a 5xx.
      retry: false,
      retryErrors: retries > 0,
      retryErrorsCount: retries,
      retryErrorsJitter: retryJitterMs,
      redirects: 'warn',
      userAgent: DEFAULT_USER_AGENT,
    })
    for (const link of links) if (link.parent) checked.set(link.url, link)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }

  return targets.map((target, i): LinkResult => {
    const url = urls[i]
    if (!url) return { ...target, ok: false, problem: 'is not a web address (https://…)' }
    if (unknownHosts.has(url.hostname))
      return { ...target, ok: false, problem: "the address's host name could not be found" }
    const [link, finalUrl] = [checked.get(url.href), finalUrls.get(url.href)]
    const ok = link?.state === LinkState.OK
    const problem = ok ? undefined : describe(link, finalUrl, timeoutMs)
    return { ...target, ok, status: link?.status || undefined, finalUrl, problem }
  })
}

/** What is wrong with an address linkinator did not find working, in plain words. */
function describe(link: Checked | undefined, finalUrl: string | undefined, timeoutMs: number) {
  if (!link) return 'the checker gave no answer for it'
  const status = link.status ?? 0
  const at = finalUrl ? ` at ${finalUrl}, where the address now leads` : ''
  if (status > 0) {
    const answer = `the server answered ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}${at}`
    // linkinator skips a 999 and Cloudflare's robot challenge (a 403): the site refuses checkers.
    if (link.state === LinkState.SKIPPED || status === 401 || status === 403)
      return `${answer}; some sites refuse automatic checkers, so open it in a browser to be sure`
    if (status === 429)
      return `${answer}; the site asked the checker to slow down, so the address may be fine`
    return answer
  }
  if (link.state === LinkState.SKIPPED) return 'the checker skipped it, so it is not known to work'
  // No answer: the last error (from the GET after the HEAD) says why.
  const error = link.failureDetails?.filter((detail) => detail instanceof Error).at(-1)
  const cause = error?.cause instanceof Error ? error.cause : undefined
  const code = errorCode(error) ?? ''
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError' || /TIMEOUT/.test(code))
    return `no answer within ${Number((timeoutMs / 1000).toFixed(1))} seconds`
  if (cause?.message === 'redirect count exceeded')
    return 'the address redirects too many times (more than 20), most likely in a loop'
  if (code === 'ECONNREFUSED') return 'the server refused the connection'
  if (/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code))
    return 'the server closed the connection without answering'
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return `the site's security certificate is not valid (${code})`
  const detail = code || cause?.message || error?.message
  return `the request failed before the server answered${detail ? ` (${detail})` : ''}`
}

/** The system error code under fetch's "fetch failed" (or under both tries of IPv4 and IPv6). */
function errorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; errors?: unknown[]; cause?: unknown } | undefined
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (typeof current.code === 'string') return current.code
    current = (current.errors?.[0] ?? current.cause) as typeof current
  }
  return undefined
}

const where = (use: LinkUse) => `${use.file}${use.line ? `:${use.line}` : ''} (id ${use.id})`

/** Broken addresses, then those that redirect but work, then a summary; `githubActions` annotates. */
export function formatLinkReport(results: readonly LinkResult[], { githubActions = false } = {}) {
  const broken = results.filter((r) => !r.ok)
  const moved = results.filter((r) => r.ok && r.finalUrl)
  const lines: string[] = []
  const annotations: string[] = []
  const list = (title: string, group: LinkResult[], text: (r: LinkResult) => string) => {
    const severity = group === broken ? 'error' : 'notice'
    if (group.length > 0) lines.push(`${title} (${group.length}):`, '')
    for (const r of group) {
      lines.push(r.url, `  ${text(r)}`, ...r.uses.map((u) => `  used in ${where(u)}`), '')
      for (const { file, line, id } of r.uses) {
        const message = `${r.url}: ${text(r)} (id ${id})`
        const label = group === broken ? 'Broken link' : 'Moved link'
        annotations.push(githubAnnotation({ severity, file, line, message }, label))
      }
    }
  }
  list('Broken addresses', broken, (r) => r.problem ?? 'broken')
  list(
    'Addresses that redirect but work',
    moved,
    (r) => `now leads to ${r.finalUrl}; if that is the same page or file, update the address to it`
  )
  const working = results.length - broken.length
  const via = moved.length ? ` (${moved.length} of them through a redirect)` : ''
  lines.push(
    `${results.length} ${results.length === 1 ? 'address' : 'addresses'} checked: ${working} working${via}, ${broken.length} broken.` +
      // When nothing answered at all, the fault is most likely this computer's network.
      (results.length > 0 && results.every((r) => !r.ok && r.status === undefined)
        ? ' No server answered at all: check the internet connection before changing any address.'
        : '')
  )
  return [...lines, ...(githubActions ? annotations : [])].join('\n')
}

if (import.meta.main) {
  const started = performance.now()
  const targets = collectTargets(readContentSource())
  const uses = targets.reduce((sum, target) => sum + target.uses.length, 0)
  console.log(`Checking ${targets.length} addresses (used ${uses} times in content/)…\n`)
  const results = await checkLinks(targets)
  console.log(formatLinkReport(results, { githubActions: process.env.GITHUB_ACTIONS === 'true' }))
  console.log(`Took ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  process.exitCode = results.some((result) => !result.ok) ? 1 : 0
}
