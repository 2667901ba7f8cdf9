// Shows the fee estimator (components/FeeEstimator.tsx) and answers from lib/fee-estimate.ts.
import { formatDate, readTypedDay, todayInNewJersey } from '#lib/dates.ts'
import { estimate, type EstimatorRules } from '#lib/fee-estimate.ts'
import { tierLabel } from '#lib/fees.ts'
import { formatMoney } from '#lib/money.ts'
import { plural } from '#lib/text.ts'

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

export function initEstimator(root: Document = document) {
  const section = root.querySelector<HTMLElement>('[data-estimator]')
  if (!section) return
  const rules = JSON.parse(section.dataset.estimator!) as EstimatorRules
  const form = section.querySelector('form')!
  const input = form.querySelector<HTMLInputElement>('input[name="date"]')!
  const output = section.querySelector<HTMLElement>('[data-estimator-result]')!
  section.hidden = false

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    // Typed as the site writes dates (03/15/27), in full (03/15/2027) or as 2027-03-15.
    const day = readTypedDay(input.value, true) ?? ''
    const result = estimate(todayInNewJersey(), day, rules)
    output.replaceChildren()
    if (!result.ok) {
      output.append(element('p', result.message, 'font-semibold text-brand-dark'))
      input.setAttribute('aria-invalid', 'true')
      return
    }
    input.removeAttribute('aria-invalid')
    const list = element('ul', undefined, 'mt-2 list-disc pl-6')
    for (const { method, cardFee, total } of result.totals)
      list.append(
        element('li', `${method.label}: ${formatMoney(total)} (card fee ${formatMoney(cardFee)})`)
      )
    // No source gives the bureau's rule for counting days: the last day to
    // apply is this estimate's, and the inspector's date decides.
    const { tier, lastDay } = result.lowest
    const lowest = `the ${formatMoney(tier.amount)} tier (${tierLabel(tier)})`
    output.append(
      element(
        'p',
        `${plural(result.businessDays, 'business day')} from today to ${formatDate(day)}: ` +
          `${tierLabel(result.tier)}, so the fee is ${formatMoney(result.tier.amount)}.`,
        'font-semibold'
      ),
      list,
      element(
        'p',
        (lastDay
          ? `If you apply on or before ${formatDate(lastDay)}, this estimate puts you in ${lowest}.`
          : `By this estimate, it is too late for ${lowest} for this date.`) +
          ' The inspection date the inspector sets decides the fee.',
        'mt-2'
      )
    )
  })
}
