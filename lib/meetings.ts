import type { ScheduledMeeting } from '#lib/content/schemas.ts'
import { formatDate, parseIsoDay } from '#lib/dates.ts'

// The Board's meetings from its annual notice (content/data/schedule.yaml): their order, the
// next one, and the iCalendar file (RFC 5545) residents subscribe to.

/** "6:30 PM" on a 24-hour clock: [18, 30]. */
export function clockOf(start: string): [number, number] {
  const [, hours, minutes, half] = /^(\d+):(\d\d) ([AP])M$/.exec(start)!
  return [(+hours! % 12) + (half === 'P' ? 12 : 0), +minutes!]
}
const hhmm = (m: ScheduledMeeting) => clockOf(m.start).map((n) => String(n).padStart(2, '0'))

export const sortMeetings = (meetings: ScheduledMeeting[]) =>
  meetings.toSorted((a, b) => `${a.date}${hhmm(a)}`.localeCompare(`${b.date}${hhmm(b)}`))

/** The meetings still to come on `day` (New Jersey), cancelled ones left out, soonest first. */
export const upcomingMeetings = (meetings: readonly ScheduledMeeting[], day: string) =>
  meetings.filter((m) => !m.cancelled && m.date >= day)

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** "Wednesday, 03/11/26 at 6:30 PM". */
export const meetingWhen = (m: ScheduledMeeting) =>
  `${WEEKDAYS[parseIsoDay(m.date).getUTCDay()]}, ${formatDate(m.date)} at ${m.start}`

// New Jersey's clock since 2007: daylight time from the second Sunday of March to the first
// Sunday of November, at 2:00 AM. Calendars apply it to the TZID'd times of the events.
const NEW_YORK =
  `BEGIN:VTIMEZONE|TZID:America/New_York|BEGIN:DAYLIGHT|TZOFFSETFROM:-0500|TZOFFSETTO:-0400
|TZNAME:EDT|DTSTART:20070311T020000|RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU|END:DAYLIGHT|BEGIN:STANDARD
|TZOFFSETFROM:-0400|TZOFFSETTO:-0500|TZNAME:EST|DTSTART:20071104T020000
|RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU|END:STANDARD|END:VTIMEZONE`.split(/\n?\|/)

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) => text.replace(/[\\;,]/g, '\\$&').replace(/\r?\n/g, '\\n')

/** Lines of at most 75 octets, each further part starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const parts = ['']
  for (const char of line) {
    const octets = new TextEncoder().encode(parts.at(-1)! + char).length
    if (octets > (parts.length > 1 ? 74 : 75)) parts.push('')
    parts[parts.length - 1] += char
  }
  return parts.join('\r\n ')
}

/**
 * The meetings as an iCalendar file. A meeting's UID is its day and kind, so it stays the same
 * through every rebuild and a change of time or place updates it in calendars; `stamp` (an ISO
 * day) is when the list last changed. No end time: the notice gives none.
 */
export function meetingCalendar(
  meetings: readonly ScheduledMeeting[],
  { host, stamp, name, pageUrl }: { host: string; stamp: string; name: string; pageUrl: string }
): string {
  const events = meetings.flatMap((m) => [
    'BEGIN:VEVENT',
    `UID:${m.date}-${m.kind}@${host}`,
    `DTSTAMP:${stamp.replaceAll('-', '')}T000000Z`,
    `DTSTART;TZID=America/New_York:${m.date.replaceAll('-', '')}T${hhmm(m).join('')}00`,
    `SUMMARY:${m.kind[0]!.toUpperCase()}${m.kind.slice(1)} meeting of the Board of Fire Commissioners`,
    `LOCATION:${icsText(m.place)}`,
    `DESCRIPTION:${icsText([m.note, m.remote && `Join by video: ${m.remote}`, `Check before you go: ${pageUrl}`].filter(Boolean).join('\n'))}`,
    `URL:${m.remote ?? pageUrl}`,
    `STATUS:${m.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ])
  const head = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${host}//Board meetings//EN`]
  const calendar = [
    ...head,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(name)}`,
  ]
  return [...calendar, ...NEW_YORK, ...events, 'END:VCALENDAR'].map(fold).join('\r\n') + '\r\n'
}
