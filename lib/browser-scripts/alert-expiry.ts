// Should a daily build be missed, hides an alert once its last day has passed in New Jersey.
import { todayInNewJersey } from '#lib/dates.ts'

export function hideEndedAlerts(root: Document = document, today?: string) {
  const alerts = root.querySelectorAll<HTMLElement>('[data-alert-end]')
  if (alerts.length === 0) return
  // Only worked out when there is an alert: it loads time-zone data.
  const day = today ?? todayInNewJersey()
  for (const alert of alerts) if (alert.dataset.alertEnd! < day) alert.hidden = true
}
