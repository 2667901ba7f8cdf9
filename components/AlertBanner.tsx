import { MarkdownBody } from '#components/MarkdownBody.tsx'
import type { ActiveAlert } from '#lib/content/alerts.ts'

/**
 * Site-wide notices, above the page heading, each a labelled region. Urgent
 * ones say "Urgent" and carry a red border and a warning sign (not color
 * alone). Each carries its last day for the browser script (alert-expiry.ts).
 * Two or more are numbered ("Urgent notice, 1 of 2"): a landmark's name must be unique.
 */
export function AlertBanner({ alerts }: { alerts: ActiveAlert[] }) {
  if (alerts.length === 0) return null
  return (
    <div className="mb-6 space-y-3">
      {alerts.map((alert, index) => {
        const urgent = alert.level === 'urgent'
        const headingId = `alert-${alert.id}`
        return (
          <section
            key={alert.id}
            aria-labelledby={headingId}
            className={
              urgent
                ? 'max-w-prose border-l-8 border-brand bg-brand-light px-4 py-3'
                : 'max-w-prose border-l-8 border-link bg-panel px-4 py-3'
            }
            data-alert={alert.level}
            data-alert-end={alert.end}
          >
            {/* Not a heading: the page's h1 stays its first heading (WCAG 1.3.1). */}
            <p id={headingId} className="flex items-center gap-2 text-lg font-bold">
              {urgent ? (
                <span aria-hidden="true" className="text-brand">
                  ⚠
                </span>
              ) : null}
              {urgent ? 'Urgent notice' : 'Notice'}
              {alerts.length > 1 ? `, ${index + 1} of ${alerts.length}` : null}
            </p>
            <MarkdownBody html={alert.html} />
          </section>
        )
      })}
    </div>
  )
}
