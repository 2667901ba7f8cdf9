// The inspection fee estimator's rules, as pure functions: the fees page
// script and the tests both use them. Dates are ISO days (2026-11-23), read
// as calendar days with no time zone.

import type { CardFeeMethod, InspectionTier } from '#lib/content/schemas.ts'
import { parseIsoDay } from '#lib/dates.ts'
import { roundToCents } from '#lib/money.ts'

const DAY = 24 * 60 * 60 * 1000

export type EstimatorRules = {
  tiers: InspectionTier[]
  methods: CardFeeMethod[]
  /** New Jersey state holidays (ISO days) on which the office is closed. */
  holidays: string[]
}

export type Estimate =
  | {
      ok: true
      /** Business days after today, up to and including the inspection day. */
      businessDays: number
      tier: InspectionTier
      /** The fee with each way of paying, card fee included. */
      totals: { method: CardFeeMethod; cardFee: number; total: number }[]
      /** The lowest tier, and the last day to apply to pay it (null when it has passed). */
      lowest: { tier: InspectionTier; lastDay: string | null }
    }
  | { ok: false; problem: 'invalid' | 'past' | 'closed' | 'beyond-holidays'; message: string }

const toIso = (time: number) => new Date(time).toISOString().slice(0, 10)

function isBusinessDay(time: number, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(time).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidays.has(toIso(time))
}

/** Business days after `from`, up to and including `to` (0 when `to` is not later). */
export function businessDaysBetween(from: string, to: string, holidays: readonly string[]): number {
  const closed = new Set(holidays)
  const end = parseIsoDay(to).getTime()
  let count = 0
  for (let time = parseIsoDay(from).getTime() + DAY; time <= end; time += DAY) {
    if (isBusinessDay(time, closed)) count += 1
  }
  return count
}

/**
 * The last business day on which applying still leaves at least `days`
 * business days before the inspection (the inspection day counts, the day
 * you apply does not). A business day, so the office has received it.
 */
export function lastDayToApply(
  inspection: string,
  days: number,
  holidays: readonly string[]
): string {
  const closed = new Set(holidays)
  let time = parseIsoDay(inspection).getTime()
  let counted = 0
  while (days > 0) {
    if (isBusinessDay(time, closed)) counted += 1
    if (counted >= days) break
    time -= DAY
  }
  do time -= DAY
  while (!isBusinessDay(time, closed))
  return toIso(time)
}

/** The tier whose range holds this many business days. */
function tierFor(tiers: readonly InspectionTier[], businessDays: number): InspectionTier {
  const tier = tiers.find(
    (t) =>
      businessDays >= (t.minBusinessDays ?? 0) && businessDays <= (t.maxBusinessDays ?? Infinity)
  )
  if (!tier) throw new RangeError(`no fee tier covers ${businessDays} business days`)
  return tier
}

/**
 * The card fee for paying an amount one way, rounded to the cent (half a
 * cent rounds up). Worked in whole cents and basis points so that binary
 * fractions cannot tip a half cent the wrong way.
 */
export function cardFee(amount: number, method: CardFeeMethod): number {
  const cents = Math.round(amount * 100)
  const basisPoints = Math.round(method.percent * 100)
  return (Math.round((cents * basisPoints) / 10_000) + Math.round(method.fixed * 100)) / 100
}

function isIsoDay(value: string): boolean {
  try {
    parseIsoDay(value)
    return true
  } catch {
    return false
  }
}

/** Estimates the inspection fee for an inspection date, applying today. */
/** How the estimator's field and messages show a date to type. */
export const EXAMPLE_DAY = '03/15/2027'

export function estimate(today: string, inspection: string, rules: EstimatorRules): Estimate {
  if (!isIsoDay(inspection)) {
    return {
      ok: false,
      problem: 'invalid',
      message: `Enter the date you need the inspection by as month/day/year, for example ${EXAMPLE_DAY}.`,
    }
  }
  if (inspection < today) {
    return {
      ok: false,
      problem: 'past',
      message: 'That date has passed. Enter a date from today on.',
    }
  }
  const lastHolidayYear = rules.holidays
    .reduce((max, day) => (day > max ? day : max), '')
    .slice(0, 4)
  if (inspection.slice(0, 4) > lastHolidayYear) {
    return {
      ok: false,
      problem: 'beyond-holidays',
      message: `The estimate knows the state holidays only through ${lastHolidayYear}. For a later date, call or e-mail the bureau.`,
    }
  }
  if (!isBusinessDay(parseIsoDay(inspection).getTime(), new Set(rules.holidays))) {
    return {
      ok: false,
      problem: 'closed',
      message:
        'That day is a weekend or a state holiday. The estimate counts business days only: choose a weekday that is not a holiday.',
    }
  }
  const businessDays = businessDaysBetween(today, inspection, rules.holidays)
  const tier = tierFor(rules.tiers, businessDays)
  const lowestTier = rules.tiers.reduce((low, t) => (t.amount < low.amount ? t : low))
  const lastDay = lastDayToApply(inspection, lowestTier.minBusinessDays ?? 0, rules.holidays)
  return {
    ok: true,
    businessDays,
    tier,
    totals: rules.methods.map((method) => {
      const fee = cardFee(tier.amount, method)
      return { method, cardFee: fee, total: roundToCents(tier.amount + fee) }
    }),
    lowest: { tier: lowestTier, lastDay: lastDay >= today ? lastDay : null },
  }
}
