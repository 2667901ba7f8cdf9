import { MarkdownBody } from '#components/MarkdownBody.tsx'
import type { ActiveAlert } from '#lib/content/alerts.ts'

/**
 * Site-wide notices, each a labelled region; urgent ones say so and carry a sign (not color alone).
 * Two or more are numbered ("Urgent notice, 1 of 2"): a landmark's name must be unique.
 */
export function AlertBanner({ alerts }: { alerts: ActiveAlert[] }) {
  if (alerts.length === 0) return null
  return (
    <div className="mb-6 space-y-3">
      {alerts.map((alert, index) => {
        const urgent = alert.level === 'urgent'
        return (
          <section
            key={alert.id}
            aria-labelledby={`alert-${alert.id}`}
            className={`max-w-prose border-l-8 ${urgent ? 'border-brand bg-brand-light' : 'border-link bg-panel'} px-4 py-3`}
            data-alert={alert.level}
            data-alert-end={alert.end}
          >
            {/* Not a heading: the page's h1 stays its first heading (WCAG 1.3.1). */}
            <p id={`alert-${alert.id}`} className="flex items-center gap-2 text-lg font-bold">
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
