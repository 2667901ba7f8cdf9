import type { Block } from '@/lib/content/blocks'

// The site's own scripts, defined once: the build bundles each entry into
// its file (scripts/build-client.ts), pages load them (components/SiteScripts),
// and the post-build step keeps exactly these and removes every other script
// (lib/build/strip-runtime.ts). Every page works without them.

export const SITE_SCRIPTS = {
  /** Every page: closing the menus on Escape or a click outside, hiding ended alerts, loading form frames. */
  site: { src: '/site.js', entry: 'lib/client/bundles/site.ts' },
  /** Only the page with the fee estimator. */
  estimator: { src: '/fee-estimator.js', entry: 'lib/client/bundles/fee-estimator.ts' },
  /** Only the search page (it loads Pagefind). */
  search: { src: '/search.js', entry: 'lib/client/bundles/search.ts' },
} as const

export type SiteScriptName = keyof typeof SITE_SCRIPTS

/** The addresses of every site script. */
export const SITE_SCRIPT_SOURCES: readonly string[] = Object.values(SITE_SCRIPTS).map((s) => s.src)

/** The scripts a page loads: the shared one, and the ones its blocks need. */
export function scriptsFor(blocks: readonly Pick<Block, 'kind'>[]): SiteScriptName[] {
  const kinds = new Set(blocks.map((b) => b.kind))
  return [
    'site',
    ...(kinds.has('estimator') ? (['estimator'] as const) : []),
    ...(kinds.has('search') ? (['search'] as const) : []),
  ]
}
