import type { CardFeeMethod, InspectionTier } from '#lib/content/schemas.ts'
import { formatMoney } from '#lib/money.ts'

/** The tier's rule in words, from its day counts: "more than 10 business days". */
export function tierLabel(tier: InspectionTier): string {
  const { maxBusinessDays: max } = tier
  const min = tier.minBusinessDays || undefined
  if (min !== undefined && max !== undefined)
    return min === max ? `${min} business days` : `${min} to ${max} business days`
  if (min !== undefined) return `more than ${min - 1} business days`
  if (max !== undefined) return `fewer than ${max + 1} business days`
  return 'any number of business days'
}

/** "2.9% + $0.30", or "2.7%" when there is no fixed part. */
export const cardFeeLabel = (method: CardFeeMethod) =>
  `${method.percent}%${method.fixed > 0 ? ` + ${formatMoney(method.fixed)}` : ''}`

/** The first gap or overlap in the tiers' cover of every day count from 0 up, or null. */
export function tierCoverageProblem(tiers: readonly InspectionTier[]): string | null {
  const sorted = [...tiers].sort((a, b) => (a.minBusinessDays ?? 0) - (b.minBusinessDays ?? 0))
  let next = 0
  for (const [i, tier] of sorted.entries()) {
    const min = tier.minBusinessDays ?? 0
    if (min !== next)
      return min > next
        ? `no tier covers ${next} business days`
        : `tier "${tier.id}" overlaps the one before it at ${min} business days`
    const max = tier.maxBusinessDays
    if (max === undefined)
      return i === sorted.length - 1
        ? null
        : `tier "${tier.id}" has no upper limit but is not the last`
    if (max < min) return `tier "${tier.id}" ends before it starts`
    next = max + 1
  }
  return `no tier covers ${next} business days or more`
}
