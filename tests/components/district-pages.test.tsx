import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageBody } from '@/components/PageBody'
import { loadSiteContent } from '@/lib/content/load'
import { fixtureCopy, put } from '../helpers/content'

// District documents are listed from the document registry: a staff member
// adds next year's budget with one entry, and it appears on the page that
// lists budgets, in its year, newest first.

function contentWith(entry: string) {
  const dir = fixtureCopy()
  const file = join(dir, 'data', 'documents.yaml')
  put(dir, 'data/documents.yaml', readFileSync(file, 'utf8') + entry)
  return loadSiteContent(dir)
}

const renderRoute = (content: ReturnType<typeof loadSiteContent>, route: string) =>
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
    const group = screen.getByRole('region', { name: '2027' })
    expect(within(group).getByRole('link', { name: '2027 adopted budget (PDF)' })).toHaveAttribute(
      'href',
      'https://files.example.org/budget-2027.pdf'
    )
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
