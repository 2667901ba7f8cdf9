import { describe, expect, it } from 'vitest'
import type { InspectionTier } from '#lib/content/schemas.ts'
import { formatDate, parseIsoDay } from '#lib/dates.ts'
import { cardFeeLabel, tierCoverageProblem, tierLabel } from '#lib/fees.ts'
import { formatMoney, roundToCents } from '#lib/money.ts'

const tier = (min?: number, max?: number): InspectionTier => ({
  id: 't',
  amount: 1,
  minBusinessDays: min,
  maxBusinessDays: max,
})

describe('money', () => {
  it('writes dollars with cents', () => {
    expect(formatMoney(45)).toBe('$45.00')
    expect(formatMoney(0.3)).toBe('$0.30')
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })
  it('rounds to the cent', () => {
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(46.605)).toBe(46.61)
    expect(roundToCents(2.3049)).toBe(2.3)
  })
})

describe('dates', () => {
  it('shows dates as mm/dd/yy', () => {
    expect(formatDate('2021-12-13')).toBe('12/13/21')
    expect(formatDate('2019-01-01')).toBe('01/01/19')
  })
  it('refuses days that do not exist', () => {
    expect(() => parseIsoDay('2021-02-30')).toThrow(RangeError)
    expect(() => parseIsoDay('12/13/2021')).toThrow(RangeError)
  })
})

describe('fee tiers', () => {
  it('describes each tier from its numbers', () => {
    expect(tierLabel(tier(11))).toBe('more than 10 business days')
    expect(tierLabel(tier(4, 10))).toBe('4 to 10 business days')
    expect(tierLabel(tier(0, 3))).toBe('fewer than 4 business days')
    expect(tierLabel(tier(undefined, 3))).toBe('fewer than 4 business days')
  })
  it('accepts tiers that cover every day count once', () => {
    expect(tierCoverageProblem([tier(11), tier(4, 10), tier(0, 3)])).toBeNull()
  })
  it('finds gaps and overlaps', () => {
    expect(tierCoverageProblem([tier(11), tier(5, 10), tier(0, 3)])).toBe(
      'no tier covers 4 business days'
    )
    expect(tierCoverageProblem([tier(11), tier(1, 10), tier(0, 3)])).toMatch(
      /overlaps the one before it at 1/
    )
    expect(tierCoverageProblem([tier(4, 10), tier(0, 3)])).toBe(
      'no tier covers 11 business days or more'
    )
  })
  it('writes card fees', () => {
    const method = { id: 'm', label: 'x', per: 'y' }
    expect(cardFeeLabel({ ...method, percent: 2.9, fixed: 0.3 })).toBe('2.9% + $0.30')
    expect(cardFeeLabel({ ...method, percent: 2.7, fixed: 0 })).toBe('2.7%')
  })
})
