import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeeEstimator } from '@/components/FeeEstimator'
import { registries } from './fixture-content'

const rules = {
  tiers: registries.fees.inspection.tiers,
  methods: registries.fees.cardFees.methods,
  holidays: registries.holidays.map((h) => h.date),
}

describe('FeeEstimator', () => {
  it('is hidden until the script shows it, so it is never shown broken', () => {
    const { container } = render(<FeeEstimator rules={rules} />)
    const section = container.querySelector('section')!
    expect(section).toHaveAttribute('hidden')
    expect(section).not.toBeVisible()
  })

  it('carries the rules from the registries for the script', () => {
    const { container } = render(<FeeEstimator rules={rules} />)
    const data = JSON.parse(container.querySelector('section')!.getAttribute('data-estimator')!)
    expect(data).toEqual(JSON.parse(JSON.stringify(rules)))
    expect(data.tiers.map((t: { amount: number }) => t.amount)).toEqual([40, 80, 150])
    expect(data.holidays).toContain('2026-11-26')
  })

  it('labels its date field and says it is an estimate', () => {
    const { container, getByLabelText } = render(<FeeEstimator rules={rules} />)
    expect(getByLabelText('Requested inspection date')).toHaveAttribute('type', 'date')
    expect(container.textContent).toContain('The fee schedule and the township ordinance decide')
  })
})
