import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { getSiteContent } from '@/lib/content/site'
import { OUT, requireExport } from '../helpers/export'

// The district pages as built: every year of the specification is there, in
// the registry and on the page, and each document link says its file type.
const page = (route: string) =>
  new JSDOM(readFileSync(join(OUT, route, 'index.html'), 'utf8')).window.document
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

beforeAll(requireExport)

describe('district documents', () => {
  const documents = [...getSiteContent().registries.documents.values()]

  it('the registry holds budgets 2011-2024 and audits 2009-2022', () => {
    const years = (kind: string) =>
      new Set(documents.filter((d) => d.kind === kind).map((d) => d.year))
    for (const year of range(2011, 2024))
      expect(years('budget').has(year), `budget ${year}`).toBe(true)
    for (const year of range(2009, 2022))
      expect(years('audit').has(year), `audit ${year}`).toBe(true)
  })

  it('the built budget and audit pages show every spec year, newest first', () => {
    for (const [route, from, to] of [
      ['current', 2011, 2024],
      ['audit', 2009, 2022],
    ] as const) {
      const years = [...page(route).querySelectorAll('main section > h2')].map((h) =>
        Number(h.textContent)
      )
      for (const year of range(from, to)) expect(years, `${route} ${year}`).toContain(year)
      expect(years).toEqual([...years].sort((a, b) => b - a))
    }
  })

  it('every document link says its file type', () => {
    for (const route of [
      'current',
      'audit',
      'resolution',
      'meeting',
      'comissioners',
      'petition',
      'report',
    ]) {
      const links = [...page(route).querySelectorAll('main a')].filter((a) =>
        documents.some((d) => d.url === a.getAttribute('href'))
      )
      expect(links.length, route).toBeGreaterThan(0)
      for (const link of links)
        expect(link.textContent, route).toMatch(/\((PDF|Word|Excel)(, \w+)?\)$/)
    }
  })

  it('labels documents by what they are', () => {
    const report = page('report').querySelector('main')!.textContent!
    expect(report).toContain('2018 approved budget (PDF)')
    const budgets = page('current').querySelector('main')!.textContent!
    expect(budgets).toContain('2015 approved budget (PDF)')
    expect(budgets).not.toMatch(/Proposed 2015/)
  })
})
