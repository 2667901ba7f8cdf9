import type { Alert } from '#lib/content/schemas.ts'
import { todayInNewJersey } from '#lib/dates.ts'

export type RenderedAlert = Alert & { html: string }
/** What the page frame needs of an alert: its last day lets the shared browser script hide it on time. */
export type ActiveAlert = Pick<RenderedAlert, 'id' | 'level' | 'html' | 'end'>

/** The day the site is built for: today in New Jersey, or SITE_BUILD_DATE (an ISO day). */
export function buildDay(): string {
  return process.env.SITE_BUILD_DATE ?? todayInNewJersey()
}

export function activeAlerts(alerts: readonly RenderedAlert[], day: string): ActiveAlert[] {
  return alerts
    .filter((alert) => alert.start <= day && day <= alert.end)
    .sort((a, b) => (a.level === b.level ? 0 : a.level === 'urgent' ? -1 : 1))
    .map(({ id, level, html, end }) => ({ id, level, html, end }))
}
