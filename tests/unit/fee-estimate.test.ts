import { describe, expect, it } from 'vitest'
import {
  businessDaysBetween,
  cardFee,
  estimate,
  lastDayToApply,
  type EstimatorRules,
} from '#lib/fee-estimate.ts'
import { registries } from '../components/fixture-content.ts'

// Fee tiers and card fees of the test content: more than 10 business days
// $40, 4 to 10 $80, fewer than 4 $150; online 2.5% + $0.25, in person 2.1%.
const { fees } = registries
const THANKSGIVING = '2026-11-26'
const rules: EstimatorRules = {
  tiers: fees.inspection.tiers,
  methods: fees.cardFees.methods,
  holidays: ['2026-11-26', '2026-12-25', '2027-01-01'],
}
const MONDAY = '2026-11-30'
const ok = (today: string, day: string) => {
  const result = estimate(today, day, rules)
  if (!result.ok) throw new Error(result.message)
  return result
}

describe('business days', () => {
  it('count the days after today up to and including the inspection day, weekdays only', () => {
    expect(businessDaysBetween(MONDAY, '2026-12-01', [])).toBe(1)
    expect(businessDaysBetween(MONDAY, '2026-12-07', [])).toBe(5)
    expect(businessDaysBetween('2026-12-04', '2026-12-07', [])).toBe(1) // Friday to Monday
    expect(businessDaysBetween('2026-12-05', '2026-12-06', [])).toBe(0) // a weekend
    expect(businessDaysBetween(MONDAY, MONDAY, [])).toBe(0)
  })

  it('leave out state holidays inside the window', () => {
    expect(businessDaysBetween('2026-11-23', MONDAY, [])).toBe(5)
    expect(businessDaysBetween('2026-11-23', MONDAY, [THANKSGIVING])).toBe(4)
  })
})

describe('the fee tier', () => {
  it('is $80 at exactly 10 business days and $40 at 11', () => {
    expect(ok(MONDAY, '2026-12-14').businessDays).toBe(10)
    expect(ok(MONDAY, '2026-12-14').tier.amount).toBe(80)
    expect(ok(MONDAY, '2026-12-15').businessDays).toBe(11)
    expect(ok(MONDAY, '2026-12-15').tier.amount).toBe(40)
  })

  it('is $80 at exactly 4 business days and $150 at 3', () => {
    expect(ok(MONDAY, '2026-12-04').tier.amount).toBe(80)
    expect(ok(MONDAY, '2026-12-03').businessDays).toBe(3)
    expect(ok(MONDAY, '2026-12-03').tier.amount).toBe(150)
  })

  it('moves to a dearer tier when a holiday falls inside the window', () => {
    // Monday 11/16 to Tuesday 12/1: 11 business days, 10 with Thanksgiving.
    expect(
      estimate('2026-11-16', '2026-12-01', { ...rules, holidays: ['2027-01-01'] })
    ).toMatchObject({
      businessDays: 11,
      tier: { amount: 40 },
    })
    expect(ok('2026-11-16', '2026-12-01')).toMatchObject({ businessDays: 10, tier: { amount: 80 } })
  })

  it('is the rush fee for an inspection today', () => {
    expect(ok(MONDAY, MONDAY).tier.amount).toBe(150)
  })
})

describe('card fees and totals', () => {
  it('add each way of paying, rounded to the cent', () => {
    const [online, inPerson] = ok(MONDAY, '2026-12-15').totals
    expect(online).toMatchObject({ cardFee: 1.25, total: 41.25 }) // 40 x 2.5% = 1.00, + 0.25
    expect(inPerson).toMatchObject({ cardFee: 0.84, total: 40.84 }) // 40 x 2.1%
    const method = (percent: number, fixed: number) => ({
      id: 'm',
      label: 'm',
      per: 'x',
      percent,
      fixed,
    })
    expect(cardFee(45, method(2.7, 0))).toBe(1.22) // 1.215: half a cent rounds up
    expect(cardFee(161, method(3.5, 0.15))).toBe(5.79) // 5.635 + 0.15
    expect(cardFee(45, method(2.9, 0.3))).toBe(1.61) // 1.305 + 0.30
  })
})

describe('the last day to apply for the lowest fee', () => {
  it('leaves exactly 11 business days before the inspection', () => {
    expect(lastDayToApply('2026-12-15', 11, [])).toBe(MONDAY)
    expect(businessDaysBetween(MONDAY, '2026-12-15', [])).toBe(11)
    expect(businessDaysBetween('2026-12-01', '2026-12-15', [])).toBe(10)
    expect(ok('2026-11-20', '2026-12-15').lowest).toMatchObject({
      tier: { amount: 40 },
      lastDay: MONDAY,
    })
  })

  it('moves earlier over a holiday', () => {
    expect(lastDayToApply('2026-12-08', 11, [])).toBe('2026-11-23')
    expect(lastDayToApply('2026-12-08', 11, [THANKSGIVING])).toBe('2026-11-20') // a Friday: the weekend does not count
  })

  it('is null once it has passed', () => {
    expect(ok(MONDAY, '2026-12-10').lowest.lastDay).toBeNull()
  })
})

describe('dates the estimator refuses, with a clear message', () => {
  it('a date in the past', () => {
    expect(estimate(MONDAY, '2026-11-27', rules)).toMatchObject({
      ok: false,
      problem: 'past',
      message: expect.stringMatching(/has passed/),
    })
  })
  it('an invalid date', () => {
    for (const bad of ['', '2026-02-30', '12/15/2026', 'soon']) {
      expect(estimate(MONDAY, bad, rules)).toMatchObject({
        ok: false,
        problem: 'invalid',
        message: expect.stringMatching(/date you need the inspection by/),
      })
    }
  })
  it('a weekend or a holiday', () => {
    for (const day of ['2026-12-05', '2026-12-25']) {
      expect(estimate(MONDAY, day, rules)).toMatchObject({
        ok: false,
        problem: 'closed',
        message: expect.stringMatching(/weekend or a state holiday.*business days only/),
      })
    }
  })
  it('a date beyond the holiday calendar', () => {
    expect(estimate(MONDAY, '2028-03-01', rules)).toMatchObject({
      ok: false,
      problem: 'beyond-holidays',
      message: expect.stringContaining('2027'),
    })
  })
})
