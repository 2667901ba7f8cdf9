import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeeEstimator } from '#components/FeeEstimator.tsx'
import { formatDate } from '#lib/dates.ts'
import { registries } from './fixture-content.ts'

const rules = {
  tiers: registries.fees.inspection.tiers,
  methods: registries.fees.cardFees.methods,
  holidays: registries.holidays.map((h) => h.date),
}
const holidays = registries.holidays

describe('FeeEstimator', () => {
  it('is hidden until the script shows it, so it is never shown broken', () => {
    const { container } = render(<FeeEstimator rules={rules} holidays={holidays} />)
    const section = container.querySelector('section')!
    expect(section).toHaveAttribute('hidden')
    expect(section).not.toBeVisible()
  })

  it('carries the rules from the registries for the script', () => {
    const { container } = render(<FeeEstimator rules={rules} holidays={holidays} />)
    const data = JSON.parse(container.querySelector('section')!.getAttribute('data-estimator')!)
    expect(data).toEqual(JSON.parse(JSON.stringify(rules)))
    expect(data.tiers.map((t: { amount: number }) => t.amount)).toEqual([40, 80, 150])
    expect(data.holidays).toContain('2026-11-26')
  })

  it('asks for the date the inspection is needed by, and says it is only an estimate', () => {
    const { container, getByLabelText } = render(<FeeEstimator rules={rules} holidays={holidays} />)
    // A text box with its example (the browser's date box read "27" as the year 0027),
    // required without being announced as wrong before anyone types.
    const field = getByLabelText('Date you need the inspection by')
    expect(field).toHaveAttribute('type', 'text')
    expect(field).toHaveAttribute('aria-required', 'true')
    expect(field).not.toHaveAttribute('required')
    expect(field).not.toHaveAttribute('aria-invalid')
    expect(field).toHaveAccessibleDescription(/for example 03\/15\/2027/)
    expect(container.textContent).toContain('Monday to Friday, except the state holidays')
    expect(container.textContent).toContain('This is an estimate.')
    expect(container.textContent).toContain("the bureau's schedule")
    expect(container.textContent).toContain('Fees are subject to change.')
  })

  it('lists every holiday of the registry that the count leaves out, by date and name', () => {
    const { container } = render(<FeeEstimator rules={rules} holidays={holidays} />)
    const items = [...container.querySelectorAll('details li')].map((li) => li.textContent)
    expect(items).toEqual(holidays.map((h) => `${formatDate(h.date)}: ${h.name}`))
    expect(items.length).toBeGreaterThan(0)
  })
})
