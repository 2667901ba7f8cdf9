import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { documentHref } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { cardFeeLabel } from '#lib/fees.ts'
import { routeHref } from '#lib/routes.ts'
import { exportedPages, OUT, requireExport } from '../helpers/export.ts'

// What the pages claim, held to their sources, with the expected values read
// from the registries: the card fees name their ordinance without saying it
// sets these figures; the affidavit page gives the form's own rules as the
// form's and the site's differing advice apart; where an extinguisher and a
// carbon monoxide alarm go is said in one wording; a page writes a day one
// way.

beforeAll(requireExport)

const content = siteContent()
const { registries } = content
const documentOf = (route: string) =>
  new JSDOM(readFileSync(join(OUT, routeHref(route), 'index.html'), 'utf8')).window.document
const factText = (id: string) => {
  const fact = registries.facts[id]
  return fact === undefined ? undefined : typeof fact === 'string' ? fact : formatDate(fact.date)
}
/** Text as the page shows it: spaces collapsed. */
const words = (node: Element) => node.textContent!.replace(/\s+/g, ' ').trim()

describe('card fees', () => {
  const pages = content.pages.filter((p) =>
    p.blocks.some((b) => b.kind === 'fees' && b.schedule === 'card')
  )

  it('are on pages (the checks below have tables to look at)', () => {
    expect(pages.length).toBeGreaterThan(0)
  })

  for (const page of pages)
    it(`${page.route}: the table gives the figures, and the ordinance is named after it as the source document, not in its caption`, () => {
      const document = documentOf(page.route)
      const ordinance = registries.documents.get(registries.fees.cardFees.ordinance)!
      const tables = [...document.querySelectorAll('main table')].filter((table) =>
        registries.fees.cardFees.methods.every((m) => words(table).includes(cardFeeLabel(m)))
      )
      expect(tables).toHaveLength(1)
      const table = tables[0]!
      expect(table.querySelector('caption a'), 'a link in the caption').toBeNull()
      expect(words(table.querySelector('caption')!)).not.toContain(ordinance.title)
      const after = table.nextElementSibling!
      expect(after.querySelector(`a[href="${documentHref(ordinance)}"]`)).not.toBeNull()
      expect(words(after)).not.toMatch(/\bsets?\b/)
    })
})

describe('the affidavit page', () => {
  const form = 'affidavit-self-inspection'
  const page = content.pages.find((p) =>
    p.blocks.some((b) => b.kind === 'form' && b.form.id === form)
  )
  const own = Object.keys(registries.facts).filter((id) => id.startsWith('affidavit-form-'))

  it('quotes the form’s own rules (facts.yaml affidavit-form-…) in its lists, as the form’s', () => {
    expect(page, `a page with @form ${form}`).toBeDefined()
    expect(own.length).toBeGreaterThan(0)
    const items = [...documentOf(page!.route).querySelectorAll('main li')].map(words)
    for (const id of own)
      expect(
        items.some((item) => item.includes(factText(id)!)),
        id
      ).toBe(true)
  })

  it('gives the site’s own advice on combination alarms apart from the form’s list', () => {
    const document = documentOf(page!.route)
    const combination = factText('affidavit-form-combination-alarm-life')!
    const advice = `${factText('co-alarm-life')}, ${factText('co-alarm-exception')}`
    const formItem = [...document.querySelectorAll('main li')]
      .map(words)
      .find((item) => item.includes(combination))
    expect(formItem).toBeDefined()
    expect(formItem).not.toContain(factText('co-alarm-exception'))
    const apart = [...document.querySelectorAll('main p')].filter(
      (p) => !p.closest('li') && words(p).includes(advice)
    )
    expect(apart.length).toBeGreaterThan(0)
  })
})

describe('where an extinguisher and a carbon monoxide alarm go', () => {
  // An item (a list item or a paragraph) says where a device goes when it
  // names the device and its place: in one clause when it names several
  // devices, anywhere when it names one, and under a heading that names the
  // device when it names none ("Put one on every level."). Each such item
  // uses the placement fact's words, or quotes the affidavit form's own
  // (facts.yaml affidavit-form-…).
  const devices = {
    smoke: /smoke (alarm|detector)/i,
    co: /[Cc]arbon monoxide|\bCO\b/,
    extinguisher: /extinguisher/i,
  }
  const rules = [
    {
      fact: 'extinguisher-placement',
      device: devices.extinguisher,
      place: /\b(put|place|hang|mount|keep)\b.*\bkitchen\b/i,
    },
    {
      fact: 'co-alarm-placement',
      device: devices.co,
      place: /sleep|bedroom|(every|each) (level|floor)/i,
    },
  ]
  const quoted = Object.keys(registries.facts)
    .filter((id) => id.startsWith('affidavit-form-'))
    .map((id) => factText(id)!)

  /** The last heading above an item, and the page's h1. */
  function headingsOf(item: Element): string {
    const headings = [...item.ownerDocument.querySelectorAll('main :is(h1, h2, h3, h4)')]
    const above = headings.filter(
      (h) => h.compareDocumentPosition(item) & item.DOCUMENT_POSITION_FOLLOWING
    )
    return [...above.slice(-1), headings[0]!].map(words).join(' ')
  }

  function says(item: Element, rule: (typeof rules)[number]): boolean {
    const own = words(item)
    const kinds = Object.values(devices).filter((device) => device.test(own)).length
    if (kinds === 0) return rule.device.test(headingsOf(item)) && rule.place.test(own)
    if (kinds === 1) return rule.device.test(own) && rule.place.test(own)
    return own.split(/[.;,]/).some((clause) => rule.device.test(clause) && rule.place.test(clause))
  }

  for (const rule of rules)
    it(`is said in one wording: ${rule.fact}`, () => {
      const value = factText(rule.fact)
      expect(value, `facts.yaml ${rule.fact}`).toBeDefined()
      let seen = 0
      const other: string[] = []
      for (const page of exportedPages()) {
        for (const item of page.document.querySelectorAll('main li, main p')) {
          if (item.querySelector('li, p') || !says(item, rule)) continue
          if (words(item).includes(value!)) seen += 1
          else if (!quoted.some((q) => words(item).includes(q)))
            other.push(`${page.path}: ${words(item)}`)
        }
      }
      expect(other).toEqual([])
      expect(seen).toBeGreaterThan(0)
    })
})

describe('dates', () => {
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
  const pad = (n: number | string) => String(n).padStart(2, '0')

  it('are written one way on a page: no day both as 06/22/18 and as June 22, 2018', () => {
    const twice: string[] = []
    for (const page of exportedPages()) {
      const main = page.document.querySelector('main')
      if (!main) continue
      const text = words(main)
      const short = new Set(
        [...text.matchAll(/\b(\d{2})\/(\d{2})\/(\d{2}|\d{4})\b/g)].map(
          ([, m, d, y]) => `${y!.length === 2 ? `20${y}` : y}-${m}-${d}`
        )
      )
      const long = [
        ...text.matchAll(new RegExp(`\\b(${MONTHS.join('|')}) (\\d{1,2}), (\\d{4})`, 'g')),
      ]
        .map(([, m, d, y]) => `${y}-${pad(MONTHS.indexOf(m!) + 1)}-${pad(d!)}`)
        .filter((day) => short.has(day))
      twice.push(...[...new Set(long)].map((day) => `${page.path}: ${day}`))
    }
    expect(twice).toEqual([])
  })
})
