import type { Block } from '#lib/content/blocks.ts'

// The site's own scripts, defined once: the build bundles each entry into
// its file (tools/export/build-browser-scripts.ts), pages load them (components/BrowserScripts),
// and the post-build step keeps exactly these and removes every other script
// (tools/export/strip-runtime.ts). Every page works without them.

export const BROWSER_SCRIPTS = {
  /**
   * Every other page: closing the menus on Escape or a click outside, hiding
   * ended alerts, loading form frames, playing YouTube posters
   * (lib/browser-scripts/site.ts).
   */
  site: { src: '/site.js', entry: 'lib/browser-scripts/entries/site.ts' },
  /** Only the page with the fee estimator: the estimator, and what /site.js does. */
  estimator: { src: '/fee-estimator.js', entry: 'lib/browser-scripts/entries/fee-estimator.ts' },
  /** Only the search page: search (it loads Pagefind), and what /site.js does. */
  search: { src: '/search.js', entry: 'lib/browser-scripts/entries/search.ts' },
} as const

export type BrowserScriptName = keyof typeof BROWSER_SCRIPTS

/** The addresses of every browser script. */
export const BROWSER_SCRIPT_SOURCES: readonly string[] = Object.values(BROWSER_SCRIPTS).map(
  (s) => s.src
)

/**
 * The scripts a page loads: the one its blocks need, which includes the
 * shared behaviour, or else the shared one. One script request per page
 * measured about 150 ms sooner in Lighthouse's largest paint than two.
 */
export function scriptsFor(blocks: readonly Pick<Block, 'kind'>[]): BrowserScriptName[] {
  const kinds = new Set(blocks.map((b) => b.kind))
  const own: BrowserScriptName[] = [
    ...(kinds.has('estimator') ? (['estimator'] as const) : []),
    ...(kinds.has('search') ? (['search'] as const) : []),
  ]
  return own.length > 0 ? own : ['site']
}
