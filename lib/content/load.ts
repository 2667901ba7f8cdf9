import { readContentSource, CONTENT_DIR } from '#lib/content/read-source.ts'
import { buildSiteContent, type SiteContent } from '#lib/content/validate.ts'

export type { Page, SiteContent } from '#lib/content/validate.ts'

/** Reads, checks and renders every page and registry under `contentDir`. */
export function loadSiteContent(contentDir: string = CONTENT_DIR): SiteContent {
  return buildSiteContent(readContentSource(contentDir))
}

let cached: SiteContent | undefined

/**
 * The site's content, loaded once per build process. Routes call this and
 * pass each component what it needs; components never read content.
 */
export function getSiteContent(): SiteContent {
  cached ??= loadSiteContent()
  return cached
}
