// The inspection fee estimator's rules, as pure functions on ISO days (no time zone).

import type { CardFeeMethod, InspectionTier } from '#lib/content/schemas.ts'
import { isIsoDay, parseIsoDay } from '#lib/dates.ts'
import { roundToCents } from '#lib/money.ts'

const DAY = 24 * 60 * 60 * 1000

export type EstimatorRules = {
  tiers: InspectionTier[]
  methods: CardFeeMethod[]
  /** New Jersey state holidays, when the office is closed. */
  holidays: string[]
}

const toIso = (time: number) => new Date(time).toISOString().slice(0, 10)

function isBusinessDay(time: number, holidays: readonly string[]): boolean {
  const weekday = new Date(time).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidays.includes(toIso(time))
}

/** Business days after `from`, up to and including `to` (0 when `to` is not later). */
export function businessDaysBetween(from: string, to: string, holidays: readonly string[]): number {
  const end = parseIsoDay(to).getTime()
  let count = 0
  for (let time = parseIsoDay(from).getTime() + DAY; time <= end; time += DAY)
    if (isBusinessDay(time, holidays)) count += 1
  return count
}

/** The last business day to apply that leaves `days` business days, the inspection day included. */
export function lastDayToApply(inspection: string, days: number, holidays: readonly string[]) {
  let time = parseIsoDay(inspection).getTime()
  let counted = 0
  while (days > 0) {
    if (isBusinessDay(time, holidays)) counted += 1
    if (counted >= days) break
    time -= DAY
  }
  do time -= DAY
  while (!isBusinessDay(time, holidays))
  return toIso(time)
}

/** The card fee, half a cent up, in cents and basis points so binary fractions cannot tip it. */
export function cardFee(amount: number, method: CardFeeMethod): number {
  const cents = Math.round(amount * 100)
  const basisPoints = Math.round(method.percent * 100)
  return (Math.round((cents * basisPoints) / 10_000) + Math.round(method.fixed * 100)) / 100
}

/** How the estimator's field and messages show a date to type. */
export const EXAMPLE_DAY = '03/15/2027'

/** Estimates the inspection fee for an inspection date, applying today. */
export function estimate(today: string, inspection: string, rules: EstimatorRules) {
  const refuse = (problem: 'invalid' | 'past' | 'closed' | 'beyond-holidays', message: string) =>
    ({ ok: false, problem, message }) as const
  if (!isIsoDay(inspection))
    return refuse(
      'invalid',
      `Enter the date you need the inspection by as month/day/year, for example ${EXAMPLE_DAY}.`
    )
  if (inspection < today) return refuse('past', 'That date has passed. Enter a date from today on.')
  const lastHolidayYear = rules.holidays
    .reduce((max, day) => (day > max ? day : max), '')
    .slice(0, 4)
  if (inspection.slice(0, 4) > lastHolidayYear)
    return refuse(
      'beyond-holidays',
      `The estimate knows the state holidays only through ${lastHolidayYear}. For a later date, call or e-mail the bureau.`
    )
  if (!isBusinessDay(parseIsoDay(inspection).getTime(), rules.holidays))
    return refuse(
      'closed',
      'That day is a weekend or a state holiday. The estimate counts business days only: choose a weekday that is not a holiday.'
    )
  const businessDays = businessDaysBetween(today, inspection, rules.holidays)
  // The content check makes the tiers cover every day count exactly once.
  const tier = rules.tiers.find(
    (t) =>
      businessDays >= (t.minBusinessDays ?? 0) && businessDays <= (t.maxBusinessDays ?? Infinity)
  )!
  const lowestTier = rules.tiers.reduce((low, t) => (t.amount < low.amount ? t : low))
  const lastDay = lastDayToApply(inspection, lowestTier.minBusinessDays ?? 0, rules.holidays)
  return {
    ok: true as const,
    businessDays,
    tier,
    // The fee with each way of paying, card fee included.
    totals: rules.methods.map((method) => {
      const fee = cardFee(tier.amount, method)
      return { method, cardFee: fee, total: roundToCents(tier.amount + fee) }
    }),
    // The lowest tier, and the last day to apply to pay it (null when it has passed).
    lowest: { tier: lowestTier, lastDay: lastDay >= today ? lastDay : null },
  }
}
