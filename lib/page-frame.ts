import { activeAlerts, buildDay, type ActiveAlert } from '#lib/content/alerts.ts'
import type { Block } from '#lib/content/blocks.ts'
import type { Site } from '#lib/content/schemas.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { pageCsp } from '#lib/headers/policies.ts'
import { searchPageHref } from '#lib/headers/rules.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { scriptsFor, type BrowserScriptName } from '#lib/browser-scripts/catalog.ts'

/** What the frame of a page (header, alerts, footer, scripts) shows: PageShell's data. */
export type PageFrame = {
  /** The route being rendered, or null for the not-found page. */
  route: string | null
  site: Site
  navigation: ReturnType<typeof resolveNavigation>
  alerts: ActiveAlert[]
  /** Whether the search index includes the page (not the 404 or search pages). */
  searchable: boolean
  scripts: BrowserScriptName[]
  policy: string
  searchHref?: string
}

/** The frame of a page, for the route that renders it. */
export function pageFrame(
  content: SiteContent,
  route: string | null,
  blocks: readonly Block[] = []
): PageFrame {
  return {
    route,
    site: content.registries.site,
    navigation: resolveNavigation(content.registries),
    alerts: activeAlerts(content.alerts, buildDay()),
    searchable: route !== null && !blocks.some((b) => b.kind === 'search'),
    scripts: scriptsFor(blocks),
    policy: pageCsp(blocks),
    searchHref: searchPageHref(content),
  }
}
