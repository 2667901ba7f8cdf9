import type { BrowserContext, Page } from '@playwright/test'
import { routeHref } from '#lib/routes.ts'
import { expect, test } from './served.ts'
import { content } from './site.ts'

// Card payments: JotForm's payment form, in a frame on the site's page,
// opens PayPal in a new window, and PayPal reports back to the form through
// window.opener. The page's Cross-Origin-Opener-Policy decides whether that
// link survives. JotForm and PayPal are local stand-ins (nothing is fetched
// from the internet); the site's page comes from the server with the
// production headers: Cloudflare's runtime in the `cloudflare` project, nginx
// with the shipped configuration in the `nginx` project.

const paymentPage = content.pages.find((p) =>
  p.blocks.some((b) => b.kind === 'form' && b.form.payment)
)!
const paymentForm = paymentPage.blocks.flatMap((b) =>
  b.kind === 'form' && b.form.payment ? [b.form] : []
)[0]!
const PAYPAL = 'https://www.paypal.com/checkout'

/**
 * A stand-in form with a Pay button that opens PayPal and shows what PayPal
 * says back. Its listeners are in place before the button exists, so a click
 * as soon as the button shows is never lost by the form; the button notes
 * each press it receives (data-pressed).
 */
const FORM_PAGE = `<!doctype html><html lang="en"><title>Stand-in payment form</title>
<script>
  document.addEventListener('click', (event) => {
    if (event.target.id !== 'pay') return
    event.target.dataset.pressed = 'yes'
    window.open('${PAYPAL}')
  })
  window.addEventListener('message', (event) => {
    if (event.origin === 'https://www.paypal.com')
      document.getElementById('reply').textContent = 'PayPal says: ' + event.data
  })
</script>
<button type="button" id="pay">Pay</button><p id="reply">no reply</p></html>`

/** A stand-in PayPal that says whether it has an opener, and tells the opener. */
const PAYPAL_PAGE = `<!doctype html><html lang="en"><title>PayPal stand-in</title>
<script>
  document.title = window.opener ? 'opener: yes' : 'opener: none'
  if (window.opener) window.opener.postMessage('payment done', '*')
</script></html>`

/** Answers for JotForm and PayPal; returns how many times the form was loaded so far. */
async function standIns(context: BrowserContext) {
  const html = (body: string) => ({ contentType: 'text/html; charset=utf-8', body })
  let formLoads = 0
  for (const host of ['form.jotform.com', 'pci.jotform.com'])
    await context.route(`https://${host}/**`, (route) => {
      formLoads++
      return route.fulfill(html(FORM_PAGE))
    })
  await context.route('https://www.paypal.com/**', (route) => route.fulfill(html(PAYPAL_PAGE)))
  return () => formLoads
}

/** Clicks Pay in the form's frame; returns the PayPal window once it has loaded. */
async function pay(page: Page, context: BrowserContext, formLoads: () => number) {
  const frameElement = page.locator(`iframe[title="${paymentForm.title}"]`)
  await expect(frameElement).toHaveAttribute('src', paymentForm.url)
  // On screen, as a visitor would have it before paying.
  await frameElement.scrollIntoViewIfNeeded()
  const frame = page.frameLocator(`iframe[title="${paymentForm.title}"]`)
  const button = frame.getByRole('button', { name: 'Pay' })
  const popup = context.waitForEvent('page')
  // The form is on another site, so Chromium draws it in a process of its
  // own and sends a click there only once that process has drawn the frame
  // where it now shows. On a busy machine a click sent just after the frame
  // scrolled into view can come first: it lands on the <iframe> element of
  // the site's page, and the form never sees it (seen once in about 50 loaded
  // runs: the <iframe> had focus, the Pay button had not, no window opened).
  // A person clicks what is drawn; the test clicks again only while the form
  // has not seen a press. The form must have loaded once only: a frame that
  // loaded again would have lost a visitor's press too, and the new document
  // would not carry the mark.
  await expect(async () => {
    await button.click()
    await expect(button).toHaveAttribute('data-pressed', 'yes', { timeout: 2_000 })
  }).toPass({ timeout: 120_000 })
  expect(formLoads(), 'times the form was loaded').toBe(1)
  const paypal = await popup
  await paypal.waitForLoadState()
  expect(paypal.url()).toBe(PAYPAL)
  return { paypal, reply: frame.locator('#reply') }
}

test(`the payment form's PayPal window can report back to the form (${paymentPage.route})`, async ({
  page,
  context,
}) => {
  const formLoads = await standIns(context)
  const response = await page.goto(routeHref(paymentPage.route))
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  const { paypal, reply } = await pay(page, context, formLoads)
  await expect(paypal).toHaveTitle('opener: yes')
  await expect(reply).toHaveText('PayPal says: payment done')
})

test('with Cross-Origin-Opener-Policy: same-origin the PayPal window has no opener', async ({
  page,
  context,
}) => {
  const formLoads = await standIns(context)
  // The same page and headers, with only the policy the site used to send.
  await page.route(`**${routeHref(paymentPage.route)}`, async (route) => {
    const response = await route.fetch()
    const headers = { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' }
    await route.fulfill({ response, headers })
  })
  const response = await page.goto(routeHref(paymentPage.route))
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin')
  const { paypal, reply } = await pay(page, context, formLoads)
  await expect(paypal).toHaveTitle('opener: none')
  await expect(reply).toHaveText('no reply')
})
