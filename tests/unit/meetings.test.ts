import { describe, expect, it } from 'vitest'
import type { ScheduledMeeting } from '#lib/content/schemas.ts'
import { clockOf, meetingCalendar, upcomingMeetings } from '#lib/meetings.ts'
import { edit, fixtureCopy, problemsIn, put } from '#tests/helpers/content.ts'
import { importCalendar, newJerseyInstant } from '#tests/helpers/calendar.ts'
import { registries } from '../components/fixture-content.ts'

// The Board's meetings (content/data/schedule.yaml) as an iCalendar file, read back with ical.js
// and imported as a calendar app does: the file's own VTIMEZONE turns each local time into an
// instant. The test meetings fall on both sides of both daylight-saving changes of 2026.

const schedule = registries.schedule
const options = {
  host: 'site.example.org',
  stamp: '2026-11-27',
  name: 'Test district: Board meetings',
  pageUrl: 'https://site.example.org/meeting/',
}

describe('the meetings calendar file', () => {
  it('has one event per meeting, at the right instant in winter and in summer time', () => {
    const events = importCalendar(meetingCalendar(schedule, options))
    expect(events).toHaveLength(schedule.length)
    schedule.forEach((m, i) => {
      const event = events[i]!
      expect(event.zone).toBe('America/New_York')
      expect(new Date(event.start).toISOString()).toBe(new Date(newJerseyInstant(m)).toISOString())
      expect(event.location).toBe(m.place)
      expect(event.status).toBe(m.cancelled ? 'CANCELLED' : 'CONFIRMED')
      expect(event.summary).toContain(m.kind === 'regular' ? 'Regular' : m.kind.slice(1))
      if (m.note) expect(event.description).toContain(m.note)
      if (m.remote) expect(event.description).toContain(m.remote)
    })
    // The fixture's meetings really do span both clocks.
    expect(
      schedule.map((m) => new Date(newJerseyInstant(m)).getUTCHours() - clockOf(m.start)[0])
    ).toContain(4)
    expect(
      schedule.map((m) => new Date(newJerseyInstant(m)).getUTCHours() - clockOf(m.start)[0])
    ).toContain(5)
  })

  it('keeps each meeting’s UID through rebuilds and changes of time or place', () => {
    const uids = (list: ScheduledMeeting[], stamp = options.stamp) =>
      importCalendar(meetingCalendar(list, { ...options, stamp })).map((e) => e.uid)
    const before = uids(schedule)
    expect(new Set(before).size).toBe(schedule.length)
    expect(uids(schedule, '2027-01-05')).toEqual(before)
    const moved = schedule.map((m, i) =>
      i === 0 ? { ...m, start: '7:15 PM', place: 'Elsewhere' } : m
    )
    expect(uids(moved)).toEqual(before)
  })

  it('keeps every line within 75 octets and escapes text, however long the place', () => {
    const place = `Salle des fêtes; étage 2, porte B \\ ${'très long nom '.repeat(12)}`
    const ics = meetingCalendar([{ ...schedule[0]!, place }], options)
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(importCalendar(ics)[0]!.location).toBe(place)
  })

  it('is a valid calendar with no meeting at all', () => {
    expect(importCalendar(meetingCalendar([], options))).toEqual([])
  })
})

describe('the next meeting', () => {
  it('is the first meeting not cancelled on or after the day', () => {
    const next = (day: string) => upcomingMeetings(schedule, day)[0]?.date
    const open = schedule.filter((m) => !m.cancelled)
    expect(next(open[0]!.date)).toBe(open[0]!.date)
    expect(next(open[1]!.date)).toBe(open[1]!.date)
    const cancelled = schedule.find((m) => m.cancelled)!
    expect(next(cancelled.date)).not.toBe(cancelled.date)
    expect(next('2099-01-01')).toBeUndefined()
  })
})

describe('the meeting schedule in the content check', () => {
  it('refuses a time in another form and a second meeting of one kind on one day, at their lines', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/schedule.yaml', 'start: 7:00 PM', 'start: 19:00')
    expect(problemsIn(dir, 'error').join('\n')).toMatch(
      /schedule\.yaml:7: entry "2026-01-07": field "start" should be a time such as 6:30 PM/
    )
    put(
      dir,
      'data/schedule.yaml',
      "- date: '2026-03-11'\n  start: 6:30 PM\n  place: A\n- date: '2026-03-11'\n  start: 7:30 PM\n  place: B\n"
    )
    expect(problemsIn(dir, 'error').join('\n')).toMatch(
      /schedule\.yaml:4: entry "2026-03-11": is a second regular meeting on that day/
    )
  })
})
