import { activeAlerts, buildDay } from '#lib/content/alerts.ts'
import type { Block } from '#lib/content/blocks.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { pageCsp } from '#lib/headers/policies.ts'
import { searchPageHref } from '#lib/headers/rules.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { scriptsFor } from '#lib/browser-scripts/catalog.ts'

/** A page's "Last updated" day until the build fills it in (tools/export/page-dates.ts). */
export const PAGE_DATE_PENDING = 'the day it is published'
export const PAGE_DATE_MARK = `<time data-page-date="">${PAGE_DATE_PENDING}</time>`

/** What the frame of a page (header, alerts, footer, scripts) shows: PageShell's data. */
export type PageFrame = Omit<ReturnType<typeof pageFrame>, 'searchHref'> & { searchHref?: string }

/** The frame of a page, for its route (null for the not-found page). */
export function pageFrame(content: SiteContent, route: string | null, blocks: Block[] = []) {
  return {
    route,
    site: content.registries.site,
    navigation: resolveNavigation(content.registries),
    alerts: activeAlerts(content.alerts, buildDay()),
    // The search index leaves out the not-found and search pages.
    searchable: route !== null && !blocks.some((b) => b.kind === 'search'),
    scripts: scriptsFor(blocks),
    policy: pageCsp(blocks),
    searchHref: searchPageHref(content),
  }
}
