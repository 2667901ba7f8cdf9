import {
  CAPTIONS_CSP,
  permissionsPolicy,
  siteCsp,
  type StylePolicy,
} from '#lib/headers/policies.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { CALENDAR_PATH, CAPTIONS_PATH, routeHref, SITE_EDITOR_PATH } from '#lib/routes.ts'

// The site's response headers, defined once as path rules with the semantics
// of Cloudflare Pages' `_headers` file; written as out/_headers and build/nginx.conf.

/** For files whose names change when their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

export type HeaderRule = {
  /** A path; `*` matches anything, `:name` one segment. */
  path: string
  set?: Record<string, string>
  detach?: string[]
}

export function commonHeaders(style: StylePolicy = {}): Record<string, string> {
  return {
    'Content-Security-Policy': siteCsp(style),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(),
    // Not `same-origin`: the payment forms open PayPal in a window that must
    // be able to report back to the form that opened it.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  }
}

/** The editor carries its own policy (siteEditorCsp): a browser would enforce the site's too. */
export const SITE_EDITOR_RULE: HeaderRule = {
  path: `${SITE_EDITOR_PATH}*`,
  detach: ['Content-Security-Policy'],
  set: { 'X-Robots-Tag': 'noindex, nofollow' },
}

/** Captions: WebVTT (for a captions track), and a policy that lets any other file run nothing. */
export const CAPTIONS_RULE: HeaderRule = {
  path: `${CAPTIONS_PATH}*`,
  set: { 'Content-Type': 'text/vtt; charset=utf-8', 'Content-Security-Policy': CAPTIONS_CSP },
}

/** The meetings calendar, as calendar apps expect it (neither host knows .ics by itself). */
export const CALENDAR_RULE: HeaderRule = {
  path: CALENDAR_PATH,
  set: { 'Content-Type': 'text/calendar; charset=utf-8' },
}

/** The address of the search page (the page with `@search`), if the site has one. */
export function searchPageHref(content: Pick<SiteContent, 'pages'>): string | undefined {
  const search = content.pages.find((p) => p.blocks.some((b) => b.kind === 'search'))
  return search && routeHref(search.route)
}

/**
 * The rules, most general first. The search page and Pagefind's files may run the site's own
 * scripts: one allowed by hash may not import a module or start a worker.
 */
export function headerRules(style: StylePolicy = {}, searchPath?: string): HeaderRule[] {
  const searchCsp = siteCsp({ ...style, scriptHashes: [], wasm: true })
  return [
    { path: '/*', set: commonHeaders(style) },
    { path: '/_next/static/*', set: { 'Cache-Control': IMMUTABLE } },
    ...(searchPath ? [searchPath, '/pagefind/*'] : []).map((path) => ({
      path,
      detach: ['Content-Security-Policy'],
      set: { 'Content-Security-Policy': searchCsp },
    })),
    CAPTIONS_RULE,
    CALENDAR_RULE,
    SITE_EDITOR_RULE,
  ]
}

export function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replace(/:[A-Za-z]\w*/g, '[^/]+')
  return new RegExp(`^${source}$`).test(path)
}

/** The headers a path gets from the rules, as Cloudflare Pages applies them. */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers = new Map<string, [string, string]>()
  for (const rule of rules) {
    if (!pathMatches(rule.path, path)) continue
    for (const name of rule.detach ?? []) headers.delete(name.toLowerCase())
    for (const [name, value] of Object.entries(rule.set ?? {})) {
      const existing = headers.get(name.toLowerCase())
      headers.set(name.toLowerCase(), [name, existing ? `${existing[1]}, ${value}` : value])
    }
  }
  return Object.fromEntries(headers.values())
}
