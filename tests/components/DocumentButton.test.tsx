import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DocumentButton } from '#components/DocumentButton.tsx'
import { DocumentList, YEAR_LINKS_FROM } from '#components/DocumentList.tsx'
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
    render(<DocumentList documents={docs} kinds={['budget', 'audit']} />)
    const years = screen.getAllByRole('heading', { level: 2 })
    expect(years.map((h) => h.textContent)).toEqual(['2020', '2019'])
    // A group, not a landmark: no region named "2020".
    expect(screen.queryByRole('region')).toBeNull()
    const group2020 = years[0]!.closest('section')!
    expect(
      within(group2020)
        .getAllByRole('link')
        .map((l) => l.textContent)
    ).toEqual(['2020 budget (PDF)', '2020 audit (PDF)'])
    expect(
      within(years[1]!.closest('section')!)
        .getAllByRole('link')
        .map((l) => l.textContent)
    ).toEqual(['2019 budget (PDF)'])
    expect(
      screen.getByText('There are 3 documents here, from 2019 to 2020, newest first.')
    ).toBeVisible()
  })

  it('shows a note under its link, as the link’s description', () => {
    const noted = { ...doc('budget-2019'), note: 'The file’s name says 2018.' }
    render(<DocumentList documents={[noted]} kinds={['budget']} />)
    const link = screen.getByRole('link', { name: '2019 budget (PDF)' })
    expect(link).toHaveAccessibleDescription('Note: The file’s name says 2018.')
    expect(link.closest('li')).toHaveTextContent('Note: The file’s name says 2018.')
    expect(screen.getByText('There is 1 document here, from 2019, newest first.')).toBeVisible()
  })

  it('tells apart two entries with one title: "1 of 2", "2 of 2"', () => {
    const first = doc('budget-2019')
    const second = { ...first, id: 'budget-2019-again', url: 'https://files.example.org/b.pdf' }
    render(<DocumentList documents={[first, second]} kinds={['budget']} />)
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      '2019 budget (PDF, 1 of 2)',
      '2019 budget (PDF, 2 of 2)',
    ])
  })

  it(`starts a list of ${YEAR_LINKS_FROM} years or more with a link to each year`, () => {
    const years = Array.from({ length: YEAR_LINKS_FROM }, (_, i) => 2020 - i)
    const docs = years.map((year) => ({ ...doc('budget-2019'), id: `b-${year}`, year }))
    const { rerender } = render(<DocumentList documents={docs.slice(1)} kinds={['budget']} />)
    expect(screen.queryByText('Jump to a year:')).toBeNull()
    rerender(<DocumentList documents={docs} kinds={['budget']} />)
    const jump = screen.getByText('Jump to a year:').nextElementSibling!
    const links = within(jump as HTMLElement).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(years.map((y) => `${y} budgets`))
    for (const [i, link] of links.entries())
      expect(document.querySelector(link.getAttribute('href')!)).toHaveTextContent(String(years[i]))
  })
})
