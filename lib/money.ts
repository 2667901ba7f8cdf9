const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** The one way the site writes an amount of money: $45.00 */
export const formatMoney = (amount: number) => dollars.format(amount)

/** Rounds to whole cents, half away from zero (amounts are never negative here). */
export const roundToCents = (amount: number) => Math.round((amount + Number.EPSILON) * 100) / 100
