import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteContent } from '#lib/content/disk.ts'
import { headerRules, searchPageHref } from '#lib/headers/rules.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { routeHref } from '#lib/routes.ts'
import { exportHashes } from '../helpers/export.ts'

// What the browser tests expect, read from the content and the export, so
// that no test pins today's content.

export const content = siteContent()
export const navigation = resolveNavigation(content.registries)

/** The site's pages, from the exported sitemap, as paths. */
export function exportedRoutes(): string[] {
  const sitemap = readFileSync(join(process.cwd(), 'out', 'sitemap.xml'), 'utf8')
  return [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!).sort()
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules axe checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** The dropdown menus of the main navigation, with their links. */
export const dropdowns = navigation.main.flatMap((item) => ('items' in item ? [item] : []))

/** Every link of the main navigation, dropdown items included. */
export const navigationLinks = navigation.main.flatMap((item) =>
  'items' in item ? item.items : [item]
)

/**
 * The header rules of the built site: the hashes of the inline styles and
 * the browser scripts are worked out from the export's files, not copied
 * from out/_headers.
 */
export const siteHeaderRules = () => headerRules(exportHashes(), searchPageHref(content))

/**
 * How many videos a route's content places on it, or only those of one
 * provider (0 for an address with no page).
 */
export function videosOn(path: string, provider?: 'file' | 'youtube'): number {
  const page = content.pages.find((p) => routeHref(p.route) === path)
  return (
    page?.blocks.filter(
      (block) => block.kind === 'video' && (!provider || block.video.provider === provider)
    ).length ?? 0
  )
}

/** A page other than the home page, for checks that any page will do. */
export const anyInnerPage = () => exportedRoutes().find((route) => route !== '/')!

/** The first page whose content has a block of this kind (the search page, the estimator's page...). */
export function pageWith(kind: string) {
  const page = content.pages.find((p) => p.blocks.some((block) => block.kind === kind))
  if (!page) throw new Error(`No page of the content has a ${kind} block`)
  return page
}
