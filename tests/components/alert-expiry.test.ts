import { describe, expect, it } from 'vitest'
import { hideEndedAlerts } from '#lib/browser-scripts/alert-expiry.ts'

// If a daily build is missed, the shared browser script still takes an alert down
// once its last day has passed in New Jersey.

function page() {
  document.body.innerHTML = `
    <section data-alert="urgent" data-alert-end="2026-11-25">Burn ban</section>
    <section data-alert="information" data-alert-end="2026-11-30">Closed</section>`
  return [...document.querySelectorAll<HTMLElement>('[data-alert]')]
}

describe('alert expiry in the browser', () => {
  it('keeps an alert up through its last day', () => {
    const alerts = page()
    hideEndedAlerts(document, '2026-11-25')
    expect(alerts.map((a) => a.hidden)).toEqual([false, false])
  })

  it('hides it the day after', () => {
    const alerts = page()
    hideEndedAlerts(document, '2026-11-26')
    expect(alerts.map((a) => a.hidden)).toEqual([true, false])
  })
})
