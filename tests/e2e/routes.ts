import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The site's pages, from the exported sitemap, as paths (plus the 404 page). */
export function exportedRoutes(): string[] {
  const sitemap = readFileSync(join(process.cwd(), 'out', 'sitemap.xml'), 'utf8')
  return [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!).sort()
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules axe checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
