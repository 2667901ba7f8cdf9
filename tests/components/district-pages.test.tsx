import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageBody } from '@/components/PageBody'
import { CONTENT_DIR, loadSiteContent } from '@/lib/content/site'

// The district pages are generated from the document registry: a staff
// member adds next year's budget with one entry, and it appears on the
// budgets page in its year. These tests use a copy of the real content.

function contentWith(entry: string) {
  const dir = mkdtempSync(join(tmpdir(), 'district-'))
  cpSync(CONTENT_DIR, dir, { recursive: true })
  const file = join(dir, 'data', 'documents.yaml')
  writeFileSync(file, readFileSync(file, 'utf8') + entry)
  return loadSiteContent(dir)
}

const renderRoute = (content: ReturnType<typeof loadSiteContent>, route: string) =>
  render(<PageBody page={content.byRoute.get(route)!} content={content} />)

describe('district document pages', () => {
  it('show a new registry entry on the right page, in the right year, newest first', () => {
    const content = contentWith(`
- id: budget-2027-adopted
  title: 2027 adopted budget
  kind: budget
  year: 2027
  type: pdf
  url: https://diuy0t6boke2n.cloudfront.net/Budgets/MTFD1-2027_Adopted_Budget.pdf
`)
    renderRoute(content, '/current')
    const years = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(years[0]).toBe('2027')
    const group = screen.getByRole('region', { name: '2027' })
    expect(within(group).getByRole('link', { name: '2027 adopted budget (PDF)' })).toHaveAttribute(
      'href',
      'https://diuy0t6boke2n.cloudfront.net/Budgets/MTFD1-2027_Adopted_Budget.pdf'
    )
  })

  it('keep a document off the pages of other kinds', () => {
    const content = contentWith(`
- id: audit-2025
  title: 2025 annual audit report
  kind: audit
  year: 2025
  type: pdf
  url: https://diuy0t6boke2n.cloudfront.net/Audits/MTFD1-2025_Audit.pdf
`)
    renderRoute(content, '/current')
    expect(screen.queryByRole('link', { name: /2025 annual audit report/ })).toBeNull()
  })

  it('list every budget year of the specification (2011 to 2024) and every audit year (2009 to 2022)', () => {
    const content = loadSiteContent()
    const { unmount } = renderRoute(content, '/current')
    const budgetYears = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => Number(h.textContent))
    for (let year = 2011; year <= 2024; year++) {
      expect(budgetYears, `budget ${year}`).toContain(year)
      const group = screen.getByRole('region', { name: String(year) })
      expect(
        within(group)
          .getAllByRole('link')
          .some((l) => /budget/i.test(l.textContent ?? '')),
        `${year}`
      ).toBe(true)
    }
    unmount()
    renderRoute(content, '/audit')
    for (let year = 2009; year <= 2022; year++) {
      const group = screen.getByRole('region', { name: String(year) })
      expect(
        within(group).getByRole('link', { name: `${year} annual audit report (PDF)` })
      ).toBeInTheDocument()
    }
  })
})
