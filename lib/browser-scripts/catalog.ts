import type { Block } from '#lib/content/blocks.ts'

// The site's own scripts, defined once: the build bundles each entry, pages load them, and the
// post-build step removes every other script. Every page works without them.

export const BROWSER_SCRIPTS = {
  site: { src: '/site.js', entry: 'lib/browser-scripts/entries/site.ts' },
  estimator: { src: '/fee-estimator.js', entry: 'lib/browser-scripts/entries/fee-estimator.ts' },
  search: { src: '/search.js', entry: 'lib/browser-scripts/entries/search.ts' },
} as const

export const BROWSER_SCRIPT_SOURCES: readonly string[] = Object.values(BROWSER_SCRIPTS).map(
  (s) => s.src
)

/** The script a page's blocks need (with the shared behaviour), or the shared one: one request. */
export function scriptsFor(blocks: readonly Pick<Block, 'kind'>[]) {
  const own = (['estimator', 'search'] as const).filter((name) =>
    blocks.some((b) => b.kind === name)
  )
  return own.length > 0 ? own : (['site'] as const)
}
