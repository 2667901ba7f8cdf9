// The site's one date format (spec §9: mm/dd/yy), and days as people type them.

// Made on first use: a date format loads time-zone data, slowing every page's script.
const formats: { '2-digit'?: Intl.DateTimeFormat; numeric?: Intl.DateTimeFormat } = {}

/** An ISO day (2021-12-13) as midnight UTC on that day, or null if it is not on the calendar. */
function isoDay(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  const date = match && new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!))
  return date?.toISOString().slice(0, 10) === iso ? date : null
}

export function parseIsoDay(iso: string): Date {
  const date = isoDay(iso)
  if (!date) throw new RangeError(`not a calendar day: ${iso}`)
  return date
}

export const isIsoDay = (value: string) => isoDay(value) !== null

/** The one way the site writes a date: 12/13/21; with `fullYear`, 12/13/2021 (the news feed). */
export function formatDate(date: string, fullYear = false): string {
  const year = fullYear ? 'numeric' : '2-digit'
  formats[year] ??= new Intl.DateTimeFormat('en-US', {
    month: '2-digit',
    day: '2-digit',
    year,
    timeZone: 'UTC',
  })
  return formats[year].format(parseIsoDay(date))
}

/** Today in New Jersey, as an ISO day (2026-11-22), whatever the machine's time zone. */
export const todayInNewJersey = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now)

/** A day typed with a two-digit year (3/10/26): which century is not known, so it is refused in words. */
export const hasTwoDigitYear = (value: string) =>
  /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/.test(value.trim())

/**
 * A day as a person types it (2027-03-15, 03/15/2027, 3/15/2027, 3-15-2027) as an ISO day, or null.
 * With `twoDigitYears`, 03/15/27 (the site's own way of writing it) is this century's.
 */
export function readTypedDay(value: string, twoDigitYears = false): string | null {
  const text = value.trim()
  const american = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text)
  let iso = text
  if (american) {
    const [, month, day, year] = american
    if (year!.length === 2 && !twoDigitYears) return null
    iso = `${year!.length === 2 ? `20${year}` : year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`
  }
  return isIsoDay(iso) ? iso : null
}
