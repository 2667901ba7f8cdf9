import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DocumentList, NO_DOCUMENTS } from '#components/DocumentList.tsx'
import { PageBody } from '#components/PageBody.tsx'
import { loadContent } from '#tests/helpers/content.ts'
import { fixtureCopy, put } from '../helpers/content.ts'

// District documents are listed from the document registry: a staff member
// adds next year's budget with one entry, and it appears on the page that
// lists budgets, in its year, newest first.

function contentWith(entry: string) {
  const dir = fixtureCopy()
  const file = join(dir, 'data', 'documents.yaml')
  put(dir, 'data/documents.yaml', readFileSync(file, 'utf8') + entry)
  return loadContent(dir)
}

const renderRoute = (content: ReturnType<typeof loadContent>, route: string) =>
  render(<PageBody page={content.byRoute.get(route)!} />)

describe('document lists', () => {
  it('show a new registry entry on the page of its kind, in its year, newest first', () => {
    const content = contentWith(`
- id: budget-2027-adopted
  title: 2027 adopted budget
  kind: budget
  year: 2027
  type: pdf
  url: https://files.example.org/budget-2027.pdf
`)
    renderRoute(content, '/fees')
    const years = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(years).toEqual(['2027', '2020', '2019'])
    const group = screen.getByRole('heading', { level: 3, name: '2027' }).closest('section')!
    expect(within(group).getByRole('link', { name: '2027 adopted budget (PDF)' })).toHaveAttribute(
      'href',
      'https://files.example.org/budget-2027.pdf'
    )
  })

  it('say that this site has none yet, for a kind with no documents, with no year headings', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/reports.md',
      [
        '---',
        'route: /reports',
        'title: Reports',
        'description: A test page whose document list has no entries in the registry yet.',
        'section: district',
        '---',
        '',
        '## Reports by year',
        '',
        '@documents finance-report',
        '',
      ].join('\n')
    )
    const content = loadContent(dir)
    expect([...content.registries.documents.values()].map((d) => d.kind)).not.toContain(
      'finance-report'
    )
    renderRoute(content, '/reports')
    expect(screen.getByText(NO_DOCUMENTS)).toBeInTheDocument()
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Reports by year'])
  })

  it('list documents, and no longer say there are none, once the kind has one', () => {
    const content = contentWith(`
- id: finance-report-2026
  title: 2026 annual finance report
  kind: finance-report
  year: 2026
  type: pdf
  url: https://files.example.org/finance-report-2026.pdf
`)
    render(
      <DocumentList
        documents={[...content.registries.documents.values()].filter(
          (d) => d.kind === 'finance-report'
        )}
        kinds={['finance-report']}
      />
    )
    expect(screen.getByRole('link', { name: '2026 annual finance report (PDF)' })).toBeVisible()
    expect(screen.queryByText(NO_DOCUMENTS)).toBeNull()
  })

  it('keep a document off the lists of other kinds', () => {
    const content = contentWith(`
- id: audit-2025
  title: 2025 annual audit report
  kind: audit
  year: 2025
  type: pdf
  url: https://files.example.org/audit-2025.pdf
`)
    renderRoute(content, '/fees')
    expect(screen.queryByRole('link', { name: /2025 annual audit report/ })).toBeNull()
  })
})
