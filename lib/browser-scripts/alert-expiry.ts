// Should a daily build be missed, the page still follows the day in New Jersey: an alert goes once
// its last day has passed, and the next Board meeting shown moves on once a meeting has passed.
import { todayInNewJersey } from '#lib/dates.ts'

export function hideEndedAlerts(root: Document = document, today?: string) {
  const alerts = root.querySelectorAll<HTMLElement>('[data-alert-end]')
  if (alerts.length === 0) return
  // Only worked out when there is an alert: it loads time-zone data.
  const day = today ?? todayInNewJersey()
  for (const alert of alerts) if (alert.dataset.alertEnd! < day) alert.hidden = true
}

/** In each `[data-next-meeting]`, shows the first meeting not yet passed, or its "none" line. */
export function showNextMeeting(root: Document = document, today?: string) {
  const groups = root.querySelectorAll<HTMLElement>('[data-next-meeting]')
  if (groups.length === 0) return
  const day = today ?? todayInNewJersey()
  for (const group of groups) {
    const meetings = [...group.querySelectorAll<HTMLElement>('[data-meeting-day]')]
    const next = meetings.find((m) => m.dataset.meetingDay! >= day)
    for (const meeting of meetings) meeting.hidden = meeting !== next
    group.querySelector<HTMLElement>('[data-meeting-none]')!.hidden = next !== undefined
  }
}
