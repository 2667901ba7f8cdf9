// The site's locale and its one date format (spec §9: English, mm/dd/yy).
export const LOCALE = 'en'

// Made on first use: building a date format loads time-zone data, which
// would slow down every page's script even when it shows no date.
let shortDate: Intl.DateTimeFormat | undefined
const shortDateFormat = () =>
  (shortDate ??= new Intl.DateTimeFormat('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: '2-digit',
    timeZone: 'UTC',
  }))

/** Reads an ISO day (2021-12-13) as midnight UTC on that day. */
export function parseIsoDay(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : new Date(NaN)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new RangeError(`not a calendar day: ${iso}`)
  }
  return date
}

/** The one way the site writes a date: mm/dd/yy, e.g. 12/13/21. */
export function formatDate(date: Date | string): string {
  return shortDateFormat().format(typeof date === 'string' ? parseIsoDay(date) : date)
}

/** Today in New Jersey, as an ISO day (2026-11-22), whatever the machine's time zone. */
export function todayInNewJersey(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now)
}
