import ICAL from 'ical.js'
import type { ScheduledMeeting } from '#lib/content/schemas.ts'
import { clockOf } from '#lib/meetings.ts'

// Reading the meetings calendar back as a calendar app does, and the instants it should hold.

/** The instant a New Jersey wall-clock time stands for, worked out with the platform's own zone data. */
export function newJerseyInstant(m: ScheduledMeeting): number {
  const [hours, minutes] = clockOf(m.start)
  const noon = new Date(`${m.date}T12:00:00Z`)
  const offset = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!.value // "GMT-4"
  const [y, mo, d] = m.date.split('-').map(Number)
  return Date.UTC(y!, mo! - 1, d!, hours - Number(offset.slice(3)), minutes)
}

/** What a calendar app does with the file: parse it, learn its time zones, read its events. */
export function importCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().getTime(),
      zone: event.startDate.zone.tzid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: vevent.getFirstPropertyValue('status'),
    }
  })
}
