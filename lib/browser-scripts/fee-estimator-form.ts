// Shows the fee estimator on the fees page and answers from lib/fee-estimate.ts.
import { afterPaint } from '#lib/browser-scripts/after-paint.ts'
import { formatDate, todayInNewJersey } from '#lib/dates.ts'
import { estimate, type EstimatorRules } from '#lib/fee-estimate.ts'
import { tierLabel } from '#lib/fees.ts'
import { formatMoney } from '#lib/money.ts'

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
  const input = form.querySelector<HTMLInputElement>('input[type="date"]')!
  const output = section.querySelector<HTMLElement>('[data-estimator-result]')!
  section.hidden = false
  // Today's date in New Jersey loads time-zone data: worked out after the
  // page is drawn, so the first paint does not wait for it.
  afterPaint(() => (input.min = todayInNewJersey()), root)

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const result = estimate(todayInNewJersey(), input.value, rules)
    output.replaceChildren()
    if (!result.ok) {
      output.append(element('p', result.message, 'font-semibold text-brand-dark'))
      input.setAttribute('aria-invalid', 'true')
      return
    }
    input.removeAttribute('aria-invalid')
    const days = result.businessDays
    output.append(
      element(
        'p',
        `${days} business ${days === 1 ? 'day' : 'days'} from today to ${formatDate(input.value)}: ` +
          `${tierLabel(result.tier)}, so the fee is ${formatMoney(result.tier.amount)}.`,
        'font-semibold'
      )
    )
    const list = element('ul', undefined, 'mt-2 list-disc pl-6')
    for (const { method, cardFee, total } of result.totals) {
      list.append(
        element('li', `${method.label}: ${formatMoney(total)} (card fee ${formatMoney(cardFee)})`)
      )
    }
    output.append(list)
    const { tier, lastDay } = result.lowest
    output.append(
      element(
        'p',
        lastDay
          ? `To pay the lowest fee, ${formatMoney(tier.amount)}, apply by ${formatDate(lastDay)}.`
          : `It is too late for the lowest fee, ${formatMoney(tier.amount)}, for this date.`,
        'mt-2'
      )
    )
  })
}
