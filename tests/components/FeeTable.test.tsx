import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeeTable } from '#components/FeeTable.tsx'
import { doc, registries } from './fixture-content.ts'

describe('FeeTable', () => {
  it('renders the inspection fees as a real table with caption and header scopes', () => {
    render(<FeeTable schedule="inspection" inspection={registries.fees.inspection} />)
    const table = screen.getByRole('table', { name: 'Inspection fees' })
    const columns = within(table).getAllByRole('columnheader')
    expect(columns.map((c) => c.getAttribute('scope'))).toEqual(['col', 'col'])
    const rows = within(table).getAllByRole('rowheader')
    expect(rows.map((r) => r.getAttribute('scope'))).toEqual(['row', 'row', 'row', 'row'])
    expect(rows.map((r) => r.textContent)).toEqual([
      'More than 10 business days',
      '4 to 10 business days',
      'Fewer than 4 business days',
      'Re-inspection',
    ])
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    ).toEqual(['$40.00', '$80.00', '$150.00', '$25.00'])
    expect(screen.getByText('Fees are subject to change.')).toBeInTheDocument()
  })

  it('follows the registry: a changed amount shows the new figure', () => {
    const inspection = structuredClone(registries.fees.inspection)
    inspection.tiers[0]!.amount = 50
    render(<FeeTable schedule="inspection" inspection={inspection} />)
    expect(screen.getByRole('cell', { name: '$50.00' })).toBeInTheDocument()
  })

  it('renders card fees, and names the ordinance after the table as a PDF link', () => {
    render(
      <FeeTable schedule="card" cardFees={registries.fees.cardFees} ordinance={doc('ordinance')} />
    )
    const table = screen.getByRole('table', { name: 'The fee for each way of paying by card' })
    expect(within(table).queryByRole('link')).toBeNull()
    expect(screen.getByRole('link', { name: 'Ordinance O-1 (PDF)' })).toHaveAttribute(
      'href',
      'https://files.example.org/ordinance.pdf'
    )
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    ).toEqual(['2.5% + $0.25 per transaction', '2.1% per swipe'])
  })
})
