import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DocumentButton } from '#components/DocumentButton.tsx'
import { DocumentList, groupByYear } from '#components/DocumentList.tsx'
import { doc, registries } from './fixture-content.ts'

describe('DocumentButton', () => {
  it('is a link that says the file type', () => {
    render(<DocumentButton document={doc('budget-2019')} />)
    const link = screen.getByRole('link', { name: '2019 budget (PDF)' })
    expect(link).toHaveAttribute('href', 'https://files.example.org/budget-2019.pdf')
    expect(link).toHaveClass('button-link')
    expect(link).not.toHaveAttribute('hreflang')
  })

  it('says the language, with hreflang, when not English', () => {
    render(<DocumentButton document={doc('co-spanish')} />)
    expect(
      screen.getByRole('link', { name: 'Carbon monoxide safety (PDF, Spanish)' })
    ).toHaveAttribute('hreflang', 'es')
  })

  it('names Word files as Word', () => {
    render(
      <DocumentButton
        document={{ ...doc('budget-2019'), type: 'word', url: 'https://x.example/a.docx' }}
      />
    )
    expect(screen.getByRole('link', { name: '2019 budget (Word)' })).toBeInTheDocument()
  })
})

describe('DocumentList', () => {
  it('groups documents by year, newest first, and kinds in the order given', () => {
    const docs = [...registries.documents.values()].filter(
      (d) => d.kind === 'budget' || d.kind === 'audit'
    )
    expect(
      groupByYear(docs, ['budget', 'audit']).map((g) => [g.year, g.documents.map((d) => d.id)])
    ).toEqual([
      [2020, ['budget-2020', 'audit-2020']],
      [2019, ['budget-2019']],
    ])
    render(<DocumentList documents={docs} kinds={['budget', 'audit']} />)
    const years = screen.getAllByRole('heading', { level: 2 })
    expect(years.map((h) => h.textContent)).toEqual(['2020', '2019'])
    const group2020 = screen.getByRole('region', { name: '2020' })
    expect(
      within(group2020)
        .getAllByRole('link')
        .map((l) => l.textContent)
    ).toEqual(['2020 budget (PDF)', '2020 audit (PDF)'])
  })
})
