import { MarkdownBody } from '#components/MarkdownBody.tsx'
import type { ActiveAlert } from '#lib/content/alerts.ts'

type AlertBannerProps = { alerts: ActiveAlert[] }

/**
 * Site-wide notices from content/data/alerts.yaml, above the page heading.
 * Each is a labelled region (a landmark screen reader users can jump to);
 * urgent ones carry the word "Urgent" in their name, a thick red border
 * and a warning sign, so the difference is not color alone. Each carries
 * its last day, so the shared browser script can hide it on time if a daily build is
 * missed.
 */
export function AlertBanner({ alerts }: AlertBannerProps) {
  if (alerts.length === 0) return null
  return (
    <div className="mb-6 space-y-3">
      {alerts.map((alert) => {
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
            {/* Not a heading: the alert comes first in reading order, but the
                page's h1 stays its first heading (WCAG 1.3.1). The region is
                named by these words, so it is still a landmark to jump to. */}
            <p id={headingId} className="flex items-center gap-2 text-lg font-bold">
              {urgent ? (
                <span aria-hidden="true" className="text-brand">
                  ⚠
                </span>
              ) : null}
              {urgent ? 'Urgent notice' : 'Notice'}
            </p>
            <MarkdownBody html={alert.html} />
          </section>
        )
      })}
    </div>
  )
}
