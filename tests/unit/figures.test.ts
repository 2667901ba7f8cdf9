import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_DIR, loadSiteContent, type Page } from '@/lib/content/site'

// A figure that appears on several pages comes from one place. These tests
// read the real content: no page types a figure that the registries hold,
// and changing a registry value changes every page that shows it.

const pagesDir = join(CONTENT_DIR, 'pages')
const sources = readdirSync(pagesDir).map((name) => ({
  name,
  text: readFileSync(join(pagesDir, name), 'utf8'),
}))
const htmlOf = (page: Page) => page.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('\n')

describe('figures in page text', () => {
  it('are never typed out where a registry holds them', () => {
    const typed = [
      /\$\s?(45|90|161|30)(\.00)?\b/, // inspection fees
      /2\.9\s?%|2\.7\s?%|3\.5\s?%/, // card fees
      /\b[57] years?\b/i, // alarm lives (CO alarm life is one fact)
      /\b10 years?\b/i, // smoke alarm life
      /4 to 6 inches|4-6 in/i, // ceiling distance
      /2A:10B:?C/i, // extinguisher rating
      /\(732\)|251-0900|fireprevention@/, // contact details
    ]
    const found = sources.flatMap(({ name, text }) =>
      typed
        .filter((pattern) => pattern.test(text.replace(/^---[\s\S]*?---/, '')))
        .map((p) => `${name}: ${p}`)
    )
    expect(found).toEqual([])
  })

  it('follow the registries: a changed value reaches every page that shows it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-real-'))
    cpSync(CONTENT_DIR, dir, { recursive: true })
    const facts = join(dir, 'data', 'facts.yaml')
    writeFileSync(
      facts,
      readFileSync(facts, 'utf8').replace('co-alarm-life: 7 years', 'co-alarm-life: 9 years')
    )
    const fees = join(dir, 'data', 'fees.yaml')
    writeFileSync(fees, readFileSync(fees, 'utf8').replace('amount: 45.00', 'amount: 47.50'))

    const before = loadSiteContent()
    const after = loadSiteContent(dir)
    const usesCo = sources.filter((s) => s.text.includes('{{fact:co-alarm-life}}')).length
    const usesFee = sources.filter(
      (s) => s.text.includes('{{fee:standard}}') || s.text.includes('@fees inspection')
    ).length
    expect(usesCo).toBeGreaterThan(3)
    expect(usesFee).toBeGreaterThan(1)

    for (const page of after.pages) {
      const source = sources.find((s) => s.text.split('\n').includes(`route: ${page.route}`))!.text
      const html = htmlOf(page)
      if (source.includes('{{fact:co-alarm-life}}')) {
        expect(html, page.route).toContain('9 years')
        expect(htmlOf(before.byRoute.get(page.route)!), page.route).toContain('7 years')
      }
      if (source.includes('{{fee:standard}}')) expect(html, page.route).toContain('$47.50')
    }
  })
})
