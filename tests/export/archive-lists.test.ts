import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { documentHref, type DocumentEntry } from '#lib/content/schemas.ts'
import { routeHref } from '#lib/routes.ts'
import { OUT, requireExport } from '../helpers/export.ts'

// The year-by-year document lists (`@documents`), above all the Board's
// archive of agendas, minutes and reports: each says what this site has,
// a long one opens with a link to each year, every note kept on a record
// is shown next to its link, and the archive's slips (one file under two
// labels, one label on two files, a label whose date its file's name
// contradicts) each carry a note. Expected values come from the registries.

beforeAll(requireExport)

const content = siteContent()
const lists = content.pages.flatMap((page) =>
  page.blocks.flatMap((block) => (block.kind === 'documents' ? [{ page, block }] : []))
)
const documentOf = (route: string) =>
  new JSDOM(readFileSync(join(OUT, routeHref(route), 'index.html'), 'utf8')).window.document

/** The links of one list: under the headings of its years. */
function listLinks(document: Document, docs: DocumentEntry[]) {
  const hrefs = new Set(docs.map(documentHref))
  return [...document.querySelectorAll('main section li > a')].filter((a) =>
    hrefs.has(a.getAttribute('href')!)
  )
}

const ARCHIVE_KINDS = new Set(['agenda', 'minutes', 'meeting-report', 'meeting-dates'])
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
type Day = { y: number; m: number; d: number }

/** The meeting day of a label ("Minutes, July 11, 2011"); none for a special meeting. */
function labelDay(title: string): Day | null {
  const match = /([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(title)
  const m = match ? MONTHS.indexOf(match[1]!) + 1 : 0
  return m ? { y: Number(match![3]), m, d: Number(match![2]) } : null
}

/** The day a file's name starts with: 2014-08-20_…, 20150218_… or 07202011…. */
function fileDay(file: string): Day | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(file)
  if (iso) return { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) }
  const digits = /^\d{8}/.exec(file)?.[0]
  if (!digits) return null
  const n = (from: number, to: number) => Number(digits.slice(from, to))
  return n(0, 4) > 1900
    ? { y: n(0, 4), m: n(4, 6), d: n(6, 8) }
    : { y: n(4, 8), m: n(0, 2), d: n(2, 4) }
}

/**
 * Whether a record's label and its file's name disagree on the day: the
 * file's name gives another day, or the label's day is the two-digit year
 * of the file's name (AGENDAmarch14.doc as "March 14, 2014") while the
 * month's other records all give another day.
 */
function disagrees(doc: DocumentEntry, records: DocumentEntry[]): boolean {
  const day = labelDay(doc.title)
  if (!day) return false
  const file = decodeURIComponent(doc.url.split('/').pop()!)
  const named = fileDay(file)
  if (named) return named.y !== day.y || named.m !== day.m || named.d !== day.d
  const number = new RegExp(`${MONTHS[day.m - 1]}\\D*?(\\d{2})(?!\\d)`, 'i').exec(file)?.[1]
  if (Number(number) !== day.d || day.d !== day.y % 100) return false
  const month = records
    .filter((other) => other !== doc)
    .map((other) => labelDay(other.title))
    .filter((other) => other && other.y === day.y && other.m === day.m)
  return month.length > 0 && month.every((other) => other!.d !== day.d)
}

describe('document lists', () => {
  it('exist (the checks below have lists to look at)', () => {
    expect(lists.length).toBeGreaterThan(0)
  })

  for (const { page, block } of lists) {
    const where = `${page.route} (${block.kinds.join(' ')})`

    it(`${where} says what this site has, newest first, or that it has none yet`, () => {
      const main = documentOf(page.route).querySelector('main')!
      const docs = block.documents
      const years = docs.flatMap((d) => (d.year === undefined ? [] : [d.year]))
      const [first, last] = [Math.min(...years), Math.max(...years)]
      const span = !years.length
        ? ''
        : first === last
          ? `, from ${first}`
          : `, from ${first} to ${last}`
      const expected = docs.length
        ? `There ${docs.length === 1 ? 'is 1 document' : `are ${docs.length} documents`} here${span}, newest first.`
        : 'This site has none yet.'
      const paragraphs = [...main.querySelectorAll('p')].map((p) => p.textContent)
      expect(paragraphs).toContain(expected)
    })

    it(`${where} shows each record's note next to its link, describing it`, () => {
      const document = documentOf(page.route)
      const shown = listLinks(document, block.documents).map((a) => {
        const note = a.getAttribute('aria-describedby')
        const described = note ? document.getElementById(note) : null
        if (note) expect(described?.closest('li') === a.closest('li'), a.textContent!).toBe(true)
        return `${a.getAttribute('href')} ${described?.textContent ?? ''}`
      })
      const expected = block.documents.map(
        (d) => `${documentHref(d)} ${d.note ? `Note: ${d.note}` : ''}`
      )
      expect(shown.sort()).toEqual(expected.sort())
    })

    it(`${where} gives no two links the same words`, () => {
      const words = listLinks(documentOf(page.route), block.documents).map((a) => a.textContent)
      expect(words.length).toBe(block.documents.length)
      expect(words.filter((w, i) => words.indexOf(w) !== i)).toEqual([])
    })

    it(`${where}: each year is a heading in a group that is not a landmark, and a long list opens with a link to each`, () => {
      const document = documentOf(page.route)
      const years = [...new Set(block.documents.map((d) => d.year))].sort(
        (a, b) => (b ?? -1) - (a ?? -1)
      )
      const headings = years.map((year) =>
        [...document.querySelectorAll(`main h${block.headingLevel}[id]`)].find(
          (h) => h.textContent === (year === undefined ? 'Other documents' : String(year))
        )
      )
      for (const [i, heading] of headings.entries()) {
        expect(heading, String(years[i])).toBeDefined()
        const group = heading!.closest('section')!
        expect(group.hasAttribute('aria-label') || group.hasAttribute('aria-labelledby')).toBe(
          false
        )
      }
      if (!years.length) return
      const jumps = [...document.querySelectorAll('main ul')].filter((list) =>
        [...list.querySelectorAll('a')].some(
          (a) => a.getAttribute('href') === `#${headings[0]!.id}`
        )
      )
      if (years.length < 5) return expect(jumps).toEqual([])
      expect(jumps).toHaveLength(1)
      const links = [...jumps[0]!.querySelectorAll('a')]
      expect(links.map((a) => a.getAttribute('href'))).toEqual(headings.map((h) => `#${h!.id}`))
      const names = links.map((a) => a.textContent)
      expect(new Set(names).size).toBe(names.length)
      names.forEach((name, i) => expect(name!.startsWith(String(years[i] ?? 'Other'))).toBe(true))
    })
  }

  it('that hold the Board’s records send readers to the Board’s website for newer ones', () => {
    const board = content.registries.links.get('board-of-fire-commissioners')!
    const archive = lists.filter(({ block }) => block.kinds.some((k) => ARCHIVE_KINDS.has(k)))
    expect(archive.length).toBeGreaterThan(0)
    for (const { page } of archive)
      expect(
        documentOf(page.route).querySelector(`main a[href="${board.url}"]`),
        page.route
      ).not.toBeNull()
  })
})

describe('the archive’s slips', () => {
  // The Board's archive as it was imported (its list as published, a copy of
  // shared/research/board-archive.tsv; the address is its last column):
  // records a clerk adds later are not held to this, so adding one never
  // turns a test red.
  const published = new Set(
    readFileSync(join(import.meta.dirname, '../fixtures/board-archive.tsv'), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((row) => row.split('\t').at(-1))
  )
  const records = [...content.registries.documents.values()].filter((d) =>
    ARCHIVE_KINDS.has(d.kind)
  )
  const imported = records.filter((d) => published.has(d.url))

  it('one file under two labels, or one label on two records: each record has a note', () => {
    const unnoted = (key: (d: DocumentEntry) => string) => {
      const seen = new Map<string, DocumentEntry[]>()
      for (const d of imported) seen.set(key(d), [...(seen.get(key(d)) ?? []), d])
      return [...seen.values()]
        .filter((same) => same.length > 1)
        .flat()
        .filter((d) => !d.note)
        .map((d) => d.id)
    }
    expect(unnoted(documentHref)).toEqual([])
    expect(unnoted((d) => `${d.kind} ${d.title}`)).toEqual([])
  })

  it('a label whose date the file’s name contradicts keeps its words and has a note', () => {
    // The rule, on the two kinds of slip it finds.
    const record = (title: string, file: string) =>
      ({ title, url: `https://files.example.org/${file}` }) as DocumentEntry
    const march = [record('Minutes, March 19, 2014', 'MINmar14.doc')]
    expect(disagrees(record('Agenda, March 14, 2014', 'AGENDAmarch14.doc'), march)).toBe(true)
    expect(disagrees(record('Agenda, March 19, 2014', 'AGENDAmarch14.doc'), march)).toBe(false)
    expect(disagrees(record('Report, August 8, 2014', '2014-08-20_report.pdf'), [])).toBe(true)
    expect(disagrees(record('Report, August 20, 2014', '2014-08-20_report.pdf'), [])).toBe(false)
    expect(imported.length).toBeGreaterThan(0)
    const flagged = imported.filter((d) => disagrees(d, records))
    expect(flagged.filter((d) => !d.note).map((d) => `${d.id}: ${d.url}`)).toEqual([])
  })
})
