import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { NO_DOCUMENTS } from '#components/DocumentList.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { documentCue } from '#lib/labels.ts'
import { documentHref } from '#lib/content/schemas.ts'
import { routeHref } from '#lib/routes.ts'
import { OUT, requireExport } from '../helpers/export.ts'

// Every page that lists documents by year (an `@documents` line) shows every
// registry document of those kinds, under its year, newest year first. The
// expected documents come from the registry, so adding one never breaks this.

beforeAll(requireExport)

const content = siteContent()
const listPages = content.pages.filter((p) => p.blocks.some((b) => b.kind === 'documents'))
const documentOf = (route: string) =>
  new JSDOM(readFileSync(join(OUT, routeHref(route), 'index.html'), 'utf8')).window.document

describe('document lists in the export', () => {
  it('exist (the check below has pages to look at)', () => {
    expect(listPages.length).toBeGreaterThan(0)
  })

  for (const page of listPages) {
    it(`${page.route} lists every document of its kinds under its year, newest first`, () => {
      const document = documentOf(page.route)
      for (const block of page.blocks) {
        if (block.kind !== 'documents') continue
        const main = document.querySelector('main')!.textContent!
        // An empty list says so, and only then.
        expect(main.includes(NO_DOCUMENTS), page.route).toBe(
          page.blocks.some((b) => b.kind === 'documents' && b.documents.length === 0)
        )
        for (const doc of block.documents) {
          // (Two entries may share an address: the check gives a notice.)
          const link = [...document.querySelectorAll('main a')].find(
            (a) =>
              a.getAttribute('href') === documentHref(doc) &&
              // "(PDF)", or "(PDF, 1 of 2)" where two entries have one title.
              a.textContent!.startsWith(`${doc.title} (${documentCue(doc)}`)
          )
          expect(link, doc.id).toBeDefined()
          const section = link!.closest('section')!
          const heading = section.querySelector(`h${block.headingLevel}`)!.textContent
          expect(heading, doc.id).toBe(
            doc.year === undefined ? 'Other documents' : String(doc.year)
          )
        }
      }
      const years = [
        ...document.querySelectorAll('main section > :is(h2, h3, h4)[id^="documents-"]'),
      ]
        .map((h) => h.textContent!)
        .filter((y) => /^\d+$/.test(y))
        .map(Number)
      expect(years).toEqual([...years].sort((a, b) => b - a))
    })
  }
})

describe('document links', () => {
  it('say their file type wherever they appear', () => {
    const urls = new Map(
      [...content.registries.documents.values()].map((d) => [documentHref(d), d])
    )
    let seen = 0
    for (const page of content.pages) {
      for (const link of documentOf(page.route).querySelectorAll('main a[href^="https://"]')) {
        const doc = urls.get(link.getAttribute('href')!)
        if (!doc) continue
        seen += 1
        expect(link.textContent, page.route).toContain(`(${documentCue(doc)}`)
      }
    }
    expect(seen).toBeGreaterThan(0)
  })
})
