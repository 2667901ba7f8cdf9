import { describe, expect, it } from 'vitest'
import { formatDate, readTypedDay } from '#lib/dates.ts'

describe('readTypedDay: a day as a person types it', () => {
  it('reads month/day/year with a full year, and the ISO form', () => {
    expect(readTypedDay('03/15/2027')).toBe('2027-03-15')
    expect(readTypedDay(' 3/5/2027 ')).toBe('2027-03-05')
    expect(readTypedDay('3-5-2027')).toBe('2027-03-05')
    expect(readTypedDay('2027-03-15')).toBe('2027-03-15')
  })

  it('reads a two-digit year as this century only when asked (the site writes 03/15/27)', () => {
    expect(readTypedDay('03/15/27')).toBeNull()
    expect(readTypedDay('03/15/27', true)).toBe('2027-03-15')
    // Every date the site shows can be typed back as shown.
    expect(readTypedDay(formatDate('2031-12-01'), true)).toBe('2031-12-01')
  })

  it('refuses what is not a real day', () => {
    for (const text of ['', '15/03/27', '02/30/2027', '2027-13-01', 'March 15', '03/15/027'])
      expect(readTypedDay(text, true), text).toBeNull()
  })
})
