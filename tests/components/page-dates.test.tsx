import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ContentPage } from '#components/PageShell.tsx'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { formatMoney } from '#lib/money.ts'
import { PAGE_DATE_MARK, pageFrame } from '#lib/page-frame.ts'
import { PAGE_DATES_FILE, routeHref } from '#lib/routes.ts'
import { datePages, publishedDates, writePageDates } from '#tools/export/page-dates.ts'
import { edit, fixtureCopy, put } from '#tests/helpers/content.ts'

// "Last updated": a page keeps the day its text was first published through any number of
// rebuilds, and takes the build's day when its text changes, including through a registry value
// it shows (a fee). The pages are the test content's, drawn by the site's own components.

/** Every page of a content folder as the build draws it for `day`, by route. */
function pagesOf(dir: string, day: string) {
  const content = checkContent(readContentSource(dir), day).content!
  return new Map(
    content.pages.map((page) => [
      routeHref(page.route),
      renderToStaticMarkup(
        <ContentPage page={page} frame={pageFrame(content, page.route, page.blocks)} />
      ),
    ])
  )
}

const ALERT = `- id: closed
  level: information
  start: '2026-03-01'
  end: '2026-03-31'
  message: The office is closed today.
`

describe('the day each page last changed', () => {
  it('stays put through rebuilds, alerts included, and moves with a fee the page shows', () => {
    const dir = fixtureCopy()
    const first = datePages(pagesOf(dir, '2026-03-01'), {}, '2026-03-01')
    expect(Object.values(first).map((d) => d.date)).toEqual(
      Object.keys(first).map(() => '2026-03-01')
    )
    put(dir, 'data/alerts.yaml', ALERT)
    const rebuilt = datePages(pagesOf(dir, '2026-03-05'), first, '2026-03-05')
    expect(rebuilt).toEqual(first)

    const before = pagesOf(dir, '2026-03-09')
    const fee = formatMoney(40)
    const showingFee = [...before].filter(([, html]) => html.includes(fee)).map(([route]) => route)
    expect(showingFee.length).toBeGreaterThan(0)
    expect(showingFee.length).toBeLessThan(before.size)
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: 42.00')
    const changed = datePages(pagesOf(dir, '2026-03-09'), rebuilt, '2026-03-09')
    for (const [route, { date }] of Object.entries(changed))
      expect([route, date]).toEqual([
        route,
        showingFee.includes(route) ? '2026-03-09' : '2026-03-01',
      ])
  })

  it('fills each page’s line, writes the dates beside the site, and reads them back', () => {
    const out = mkdtempSync(join(tmpdir(), 'page-dates-'))
    mkdirSync(join(out, 'fees'))
    const page = `<html><title>Fees</title><main><h1>Fees</h1><p>Some text.</p><p>Last updated: ${PAGE_DATE_MARK}</p></main></html>`
    writeFileSync(join(out, 'fees', 'index.html'), page)
    writeFileSync(join(out, '404.html'), '<html><main><h1>Not found</h1></main></html>')
    const dates = writePageDates(out, publishedDates(out), '2026-03-01')
    expect(Object.keys(dates)).toEqual(['/fees/'])
    expect(readFileSync(join(out, 'fees', 'index.html'), 'utf8')).toContain(
      'Last updated: <time datetime="2026-03-01">03/01/26</time>'
    )
    expect(publishedDates(out)).toEqual(dates)
    writeFileSync(join(out, 'fees', 'index.html'), page)
    expect(writePageDates(out, publishedDates(out), '2026-04-01')['/fees/']!.date).toBe(
      '2026-03-01'
    )
  })

  it('stops the build when the published dates given cannot be read', () => {
    const out = mkdtempSync(join(tmpdir(), 'page-dates-'))
    const file = join(out, 'published.json')
    writeFileSync(file, JSON.stringify({ '/': { text: 'typed by hand', date: '2026-03-01' } }))
    expect(() => publishedDates(out, file)).toThrow(/not a page-dates file/)
    expect(() => publishedDates(out, join(out, 'missing.json'))).toThrow()
    expect(publishedDates(out)).toEqual({})
    expect(PAGE_DATES_FILE).toBe('page-dates.json')
  })
})
