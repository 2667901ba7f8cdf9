import {
  CAPTIONS_CSP,
  permissionsPolicy,
  siteCsp,
  type StylePolicy,
} from '#lib/headers/policies.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { CAPTIONS_PATH, routeHref, SITE_EDITOR_PATH } from '#lib/routes.ts'

// The response headers of the whole site, defined once as path rules. The
// rules use the semantics of a `_headers` file on Cloudflare Pages, the
// reference host: every rule whose pattern matches a path adds its headers
// (the same header twice is joined with a comma), and `detach` removes a
// header that a broader rule added. The build writes them as out/_headers
// (lib/headers/cloudflare.ts) and as an nginx server block
// (lib/headers/nginx.ts); the local server reads out/_headers back, so the
// browser tests see what the host will send.

/** Long-lived caching for files whose names change when their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (HTML, the shared browser scripts, the sitemap) is checked on each visit. */
export const REVALIDATE = 'no-cache'

export type HeaderRule = {
  /** A path, or a pattern ending in `*` (the splat matches anything). */
  path: string
  set?: Record<string, string>
  /** Headers a broader rule set, removed for these paths. */
  detach?: string[]
}

/** The headers every response carries. */
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

/**
 * The site editor (Decap CMS at /admin/) needs a looser style policy than
 * the pages (see siteEditorCsp). Its page carries its own policy in a <meta>
 * tag, so the site's header policy is detached there: a browser enforces
 * every policy it is given, and the site's would block the editor. It is
 * never indexed.
 */
export const SITE_EDITOR_RULE: HeaderRule = {
  path: `${SITE_EDITOR_PATH}*`,
  detach: ['Content-Security-Policy'],
  set: { 'X-Robots-Tag': 'noindex, nofollow' },
}

/**
 * Captions files: sent as WebVTT, which is what browsers need for a
 * captions track, and with a second policy that lets nothing run or load
 * (browsers enforce every policy they are given, so it adds to the site's).
 * If a file that is not captions slipped in, it could not run a script on
 * the site's origin.
 */
export const CAPTIONS_RULE: HeaderRule = {
  path: `${CAPTIONS_PATH}*`,
  set: { 'Content-Type': 'text/vtt; charset=utf-8', 'Content-Security-Policy': CAPTIONS_CSP },
}

/**
 * The search page and its index reader (Pagefind, which loads its own
 * module and worker from /pagefind/) are allowed scripts from the site
 * itself: a browser lets a script allowed by hash start another one, but
 * not import a module or start a worker. Only the search page's exact
 * address gets this, never a pattern a stray file could match.
 */
function searchRules(style: StylePolicy, searchPath: string): HeaderRule[] {
  const policy = siteCsp({ ...style, scriptHashes: [] })
  return [searchPath, '/pagefind/*'].map((path) => ({
    path,
    detach: ['Content-Security-Policy'],
    set: { 'Content-Security-Policy': policy },
  }))
}

/** The address of the search page (the page with `@search`), if the site has one. */
export function searchPageHref(content: Pick<SiteContent, 'pages'>): string | undefined {
  const search = content.pages.find((p) => p.blocks.some((b) => b.kind === 'search'))
  return search && routeHref(search.route)
}

/** The header rules, most general first. */
export function headerRules(style: StylePolicy = {}, searchPath?: string): HeaderRule[] {
  return [
    { path: '/*', set: commonHeaders(style) },
    { path: '/_next/static/*', set: { 'Cache-Control': IMMUTABLE } },
    ...(searchPath ? searchRules(style, searchPath) : []),
    CAPTIONS_RULE,
    SITE_EDITOR_RULE,
  ]
}

/** Does a path match a rule pattern (a splat `*` matches anything, `:name` one segment)? */
export function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    )
    .join('')
  return new RegExp(`^${source}$`).test(path)
}

/**
 * The headers a path gets from the rules, as the reference host applies
 * them: matching rules in order, repeated headers joined, detached ones
 * removed. Names keep the case the rules give them.
 */
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
