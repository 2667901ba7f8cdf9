import { expect, test } from './fixtures'

// Site search, the inspection fee estimator, in real Chromium.

test.describe('site search', () => {
  const cases: [string, RegExp][] = [
    ['extinguisher', /^\/fire-extinguisher-instructions\/$/],
    ['fireworks', /^\/fireworks\/$/],
    ['budget 2019', /^\/current\/$|MTFD1_Approved_Budget_2019\.pdf$/],
    ['lesson', /^\/fire-prevention-lessons\/$/],
  ]
  for (const [term, expected] of cases) {
    test(`"${term}" finds the right page, with a title and an excerpt`, async ({ page }) => {
      await page.goto(`/search/?q=${encodeURIComponent(term)}`)
      const results = page.locator('[data-search-results] li')
      await expect(results.first()).toBeVisible()
      await expect(page.getByRole('status')).toContainText(/\d+ results? for “/)
      const top = await results
        .locator('a')
        .evaluateAll((links) => links.slice(0, 3).map((a) => a.getAttribute('href')!))
      expect(
        top.some((href) => expected.test(href)),
        top.join(', ')
      ).toBe(true)
      const first = results.first()
      expect((await first.locator('a').innerText()).length).toBeGreaterThan(3)
      expect((await first.locator('p').innerText()).length).toBeGreaterThan(20)
    })
  }

  test('the header field on any page leads to the results', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/contact/')
    await page.getByRole('searchbox', { name: 'Search this site' }).fill('fireworks')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search\/\?q=fireworks$/)
    await expect(page.locator('[data-search-results] a[href="/fireworks/"]')).toBeVisible()
  })

  test('typing searches after a short pause, and says when nothing matches', async ({ page }) => {
    await page.goto('/search/')
    await page.locator('#search-page-query').pressSequentially('zzqxw')
    await expect(page.getByRole('status')).toContainText('No pages match “zzqxw”')
  })

  test('other pages load no search script or index', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await page.goto('/fireworks/')
    await page.waitForLoadState('networkidle')
    expect(requests.filter((path) => path.startsWith('/pagefind/'))).toEqual([])
  })
})

test.describe('site search with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the header field submits to /search/, which lists every page by section', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/fireworks/')
    await page.getByRole('searchbox', { name: 'Search this site' }).fill('budget')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search\/\?q=budget$/)
    await expect(page.getByRole('heading', { name: /The fire district/ })).toBeVisible()
    await expect(page.locator('main a[href="/current/"]')).toBeVisible()
  })
})

test.describe('inspection fee estimator', () => {
  test.beforeEach(async ({ page }) => {
    // Monday 11/30/26, mid-morning in New Jersey.
    await page.clock.setFixedTime(new Date('2026-11-30T10:00:00-05:00'))
    await page.goto('/smoke-detector-inspection-fees/')
  })

  test('estimates the fee, the card totals and the last day for the lowest fee', async ({
    page,
  }) => {
    const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
    await expect(estimator).toBeVisible()
    await estimator.getByLabel('Requested inspection date').fill('2026-12-15')
    await estimator.getByRole('button', { name: 'Estimate the fee' }).click()
    await expect(estimator).toContainText(
      '11 business days from today to 12/15/26: more than 10 business days, so the fee is $45.00.'
    )
    await expect(estimator).toContainText('Paying online: $46.61 (card fee $1.61)')
    await expect(estimator).toContainText('Paying in person with a card: $46.22 (card fee $1.22)')
    await expect(estimator).toContainText('Card number typed in by hand: $46.73 (card fee $1.73)')
    await expect(estimator).toContainText('To pay the lowest fee, $45.00, apply by 11/30/26.')
  })

  test('charges the rush fee at fewer than 4 business days', async ({ page }) => {
    const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
    await estimator.getByLabel('Requested inspection date').fill('2026-12-03')
    await estimator.getByRole('button', { name: 'Estimate the fee' }).click()
    await expect(estimator).toContainText(
      '3 business days from today to 12/03/26: fewer than 4 business days, so the fee is $161.00.'
    )
    await expect(estimator).toContainText('It is too late for the lowest fee')
  })

  test('explains a date in the past', async ({ page }) => {
    const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
    await estimator.getByLabel('Requested inspection date').fill('2026-11-02')
    await estimator.getByRole('button', { name: 'Estimate the fee' }).click()
    await expect(estimator).toContainText('That date has passed.')
    await expect(estimator.getByLabel('Requested inspection date')).toHaveAttribute(
      'aria-invalid',
      'true'
    )
  })
})

test('the estimator leaves state holidays out of the count', async ({ page }) => {
  // Monday 11/16/26 to Tuesday 12/1/26 is 11 weekdays, 10 without Thanksgiving.
  await page.clock.setFixedTime(new Date('2026-11-16T10:00:00-05:00'))
  await page.goto('/smoke-detector-inspection-fees/')
  const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
  await estimator.getByLabel('Requested inspection date').fill('2026-12-01')
  await estimator.getByRole('button', { name: 'Estimate the fee' }).click()
  await expect(estimator).toContainText(
    '10 business days from today to 12/01/26: 4 to 10 business days, so the fee is $90.00.'
  )
  await expect(estimator).toContainText('It is too late for the lowest fee, $45.00, for this date.')
})

test.describe('inspection fees with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('show the fee table and card fees, and no broken estimator', async ({ page }) => {
    await page.goto('/smoke-detector-inspection-fees/')
    await expect(page.getByRole('table', { name: /inspection fees/i })).toBeVisible()
    await expect(page.getByRole('table', { name: /card payment fees/i })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Estimate the fee' })).toBeHidden()
    await expect(page.getByText('Estimate your inspection fee')).toBeHidden()
  })
})
