import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { documentHref } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { cardFeeLabel } from '#lib/fees.ts'
import { routeHref } from '#lib/routes.ts'
import { OUT, requireExport } from '../helpers/export.ts'

// What the pages claim, held to their sources, with the expected values read
// from the registries: the card fees name their ordinance without saying it
// sets these figures; the affidavit page gives the form's own rules as the
// form's and the site's differing advice apart. (Free text in a clerk's own
// words, such as where an extinguisher goes, is never a red test: the content
// check gives a notice, lib/content/notices.ts.)

beforeAll(requireExport)

const content = siteContent()
const { registries } = content
const documentOf = (route: string) =>
  new JSDOM(readFileSync(join(OUT, routeHref(route), 'index.html'), 'utf8')).window.document
/** A fact's text; a fact this test names must exist (content/README.md names these ids too). */
const factText = (id: string) => {
  const fact = registries.facts[id]
  if (fact === undefined)
    throw new Error(
      `content/data/facts.yaml has no fact "${id}". If it was renamed, rename it in this test and in content/README.md.`
    )
  return typeof fact === 'string' ? fact : formatDate(fact.date)
}
/** Text as the page shows it: spaces collapsed. */
const words = (node: Element) => node.textContent!.replace(/\s+/g, ' ').trim()

describe('card fees', () => {
  const pages = content.pages.filter((p) =>
    p.blocks.some((b) => b.kind === 'fees' && b.schedule === 'card')
  )

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

// Each page with the affidavit's form (none, if staff take it off the site).
const affidavitPages = content.pages.filter((p) =>
  p.blocks.some((b) => b.kind === 'form' && b.form.id === 'affidavit-self-inspection')
)
for (const page of affidavitPages)
  describe(`the affidavit page, ${page.route}`, () => {
    // Whatever the page's own words: where it quotes the form's rule on a
    // combination alarm, the bureau's own advice is not mixed into it.
    it('never puts the site’s own combination-alarm advice into the form’s rule', () => {
      const document = documentOf(page.route)
      const combination = factText('affidavit-form-combination-alarm-life')
      for (const item of [...document.querySelectorAll('main li')].map(words))
        if (item.includes(combination)) expect(item).not.toContain(factText('co-alarm-exception'))
    })
  })
