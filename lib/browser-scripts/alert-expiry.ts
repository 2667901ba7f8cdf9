// Alerts are chosen when the site is built, which happens every day. If a
// daily build is missed, an alert would stay up past its last day: each
// alert carries that day (data-alert-end), and this hides it once the day
// has passed in New Jersey. Without JavaScript the daily build still governs.
import { todayInNewJersey } from '#lib/dates.ts'

export function hideEndedAlerts(root: Document = document, today?: string) {
  const alerts = root.querySelectorAll<HTMLElement>('[data-alert-end]')
  if (alerts.length === 0) return
  // Only worked out when there is an alert: it loads time-zone data.
  const day = today ?? todayInNewJersey()
  for (const alert of alerts) if (alert.dataset.alertEnd! < day) alert.hidden = true
}
