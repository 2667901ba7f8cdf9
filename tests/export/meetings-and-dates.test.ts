import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDay } from '#lib/content/alerts.ts'
import { siteContent } from '#lib/content/disk.ts'
import { formatDate } from '#lib/dates.ts'
import { meetingWhen, upcomingMeetings } from '#lib/meetings.ts'
import { CALENDAR_PATH, routeHref } from '#lib/routes.ts'
import { PAGE_DATES_FILE } from '#lib/routes.ts'
import type { PageDates } from '#tools/export/page-dates.ts'
import { exportedPages, OUT, requireExport } from '#tests/helpers/export.ts'
import { importCalendar, newJerseyInstant } from '#tests/helpers/calendar.ts'

// The Board's meetings as published: the next one on every page that shows it, and the calendar
// file as a calendar app imports it; and every page's "Last updated" day. Expected values come
// from the registries and the build's day, never from today's content.

beforeAll(requireExport)

const { registries, pages } = siteContent()
const pageDates = (): PageDates => JSON.parse(readFileSync(join(OUT, PAGE_DATES_FILE), 'utf8'))
const visibleText = (element: Element) =>
  [...element.querySelectorAll<HTMLElement>('p')]
    .filter((p) => !p.hidden)
    .map((p) => p.textContent!.replace(/\s+/g, ' '))
    .join(' ')

describe('the next Board meeting', () => {
  it('is the build day’s next meeting (or the usual schedule) on every page that shows it', () => {
    const next = upcomingMeetings(registries.schedule, buildDay())[0]
    const showing = pages.filter((p) => p.blocks.some((b) => b.kind === 'next-meeting'))
    expect(showing.length).toBeGreaterThan(0)
    for (const page of showing) {
      const html = exportedPages().find((p) => p.path === routeHref(page.route))!
      const box = html.document.querySelector('[data-next-meeting]')!
      expect(visibleText(box), page.route).toContain(
        next
          ? `Next Board meeting: ${meetingWhen(next)}`
          : `usually meets ${registries.facts['board-meetings']}`
      )
    }
  })
})

describe('the meetings calendar', () => {
  const ics = () => readFileSync(join(OUT, CALENDAR_PATH), 'utf8')

  it('imports as a calendar: one event per meeting, at its New Jersey time, cancelled ones so', () => {
    const events = importCalendar(ics())
    expect(events).toHaveLength(registries.schedule.length)
    registries.schedule.forEach((m, i) => {
      expect(events[i]!.start).toBe(newJerseyInstant(m))
      expect(events[i]!.status).toBe(m.cancelled ? 'CANCELLED' : 'CONFIRMED')
    })
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length)
  })

  it('is stamped with the day the meetings page last changed', () => {
    const page = pages.find((p) => p.blocks.some((b) => b.kind === 'meetings'))!
    const stamps = [...ics().matchAll(/^DTSTAMP:(\d{4})(\d\d)(\d\d)T000000Z\r$/gm)]
    for (const [, y, m, d] of stamps)
      expect(`${y}-${m}-${d}`).toBe(pageDates()[routeHref(page.route)]!.date)
  })
})

describe('"Last updated"', () => {
  it('is on every page, the day page-dates.json holds for it, written mm/dd/yy', () => {
    const dates = pageDates()
    const routes = pages.map((p) => routeHref(p.route)).sort()
    expect(Object.keys(dates).sort()).toEqual(routes)
    for (const route of routes) {
      const { date } = dates[route]!
      expect(date <= buildDay(), route).toBe(true)
      const time = exportedPages()
        .find((p) => p.path === route)!
        .document.querySelector('main p[data-pagefind-ignore] > time')!
      expect(time.parentElement!.textContent, route).toMatch(
        new RegExp(`^Last updated: ${formatDate(date)}( · |$)`)
      )
      expect(time.getAttribute('datetime')).toBe(date)
    }
  })
})
