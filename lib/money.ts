const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** The one way the site writes an amount of money: $45.00 */
export function formatMoney(amount: number): string {
  return dollars.format(amount)
}

/** Rounds to whole cents, half away from zero (amounts are never negative here). */
export function roundToCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}
