import { activeAlerts, buildDay, type ActiveAlert } from '#lib/content/alerts.ts'
import type { Block } from '#lib/content/blocks.ts'
import type { Site } from '#lib/content/schemas.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { pageCsp, pageNeeds } from '#lib/headers/policies.ts'
import { resolveNavigation, type NavItem, type NavLink } from '#lib/navigation.ts'
import { routeHref } from '#lib/routes.ts'
import { scriptsFor, type BrowserScriptName } from '#lib/browser-scripts/catalog.ts'

/** What the frame of a page (header, alerts, footer, scripts) shows: PageShell's data. */
export type PageFrame = {
  /** The route being rendered, or null for the not-found page. */
  route: string | null
  site: Site
  navigation: { main: NavItem[]; footer: NavLink[]; district: NavLink[] }
  alerts: ActiveAlert[]
  /** Whether the search index should include the page (not the 404 or search pages). */
  searchable: boolean
  scripts: BrowserScriptName[]
  /** The page's own Content-Security-Policy, narrower than the site's header. */
  policy: string
  /** The search page's address, for the search field in the header. */
  searchHref?: string
}

// The search page's address, worked out once per content rather than once per page.
const searchHrefs = new WeakMap<SiteContent, string | undefined>()
function searchHrefOf(content: SiteContent): string | undefined {
  if (!searchHrefs.has(content)) {
    const page = content.pages.find((p) => p.blocks.some((b) => b.kind === 'search'))
    searchHrefs.set(content, page && routeHref(page.route))
  }
  return searchHrefs.get(content)
}

/** The frame of a page, looked up once by the route that renders it. */
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
    policy: pageCsp(pageNeeds(blocks)),
    searchHref: searchHrefOf(content),
  }
}
