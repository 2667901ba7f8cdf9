import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DocumentEntry } from '#lib/content/schemas.ts'
import { formatDate, parseIsoDay, readTypedDay } from '#lib/dates.ts'
import { estimate, EXAMPLE_DAY, type EstimatorRules } from '#lib/fee-estimate.ts'
import { tierLabel } from '#lib/fees.ts'
import { formatMoney } from '#lib/money.ts'
import { routeHref } from '#lib/routes.ts'
import { buildSearchIndex } from '#tools/export/search-index.ts'
import { expect, onWorkerPage, test } from './served.ts'
import { content, pageWith } from './site.ts'

// Site search and the inspection fee estimator, in real Chromium. What they
// must find and show is worked out from the content and the registries.

const { registries } = content
const searchPage = pageWith('search')
const estimatorPage = pageWith('estimator')
const searchUrl = (term: string) => `${routeHref(searchPage.route)}?q=${encodeURIComponent(term)}`

test.describe('site search', () => {
  // One page from each part of the site, found by its own title.
  const sample = ['inspections', 'safety', 'lessons', 'district'].flatMap((section) =>
    content.pages.filter((p) => p.section === section).slice(0, 1)
  )
  for (const page of sample) {
    onWorkerPage(
      `"${page.title}" finds ${page.route}, with a title and an excerpt`,
      async ({ shared: browser }) => {
        await browser.goto(searchUrl(page.title))
        const results = browser.locator('[data-search-results] li')
        await expect(results.first()).toBeVisible()
        await expect(browser.getByRole('status')).toContainText(/\d+ results? for “/)
        const top = await results
          .locator('a')
          .evaluateAll((links) => links.slice(0, 5).map((a) => a.getAttribute('href')!))
        expect(top, top.join(', ')).toContain(routeHref(page.route))
        const first = results.first()
        expect((await first.locator('a').innerText()).length).toBeGreaterThan(3)
        expect((await first.locator('p').innerText()).length).toBeGreaterThan(20)
      }
    )
  }

  onWorkerPage('finds a document from the registry by its title', async ({ shared: page }) => {
    const doc = [...registries.documents.values()].find((d) => d.year !== undefined)!
    await page.goto(searchUrl(doc.title))
    const results = page.locator('[data-search-results] a')
    await expect(results.first()).toBeVisible()
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.slice(0, 10)).toContain(doc.url)
  })

  onWorkerPage('the header field on any page leads to the results', async ({ shared: page }) => {
    const target = content.pages.find((p) => p.section === 'safety')!
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(routeHref(content.pages.find((p) => p !== searchPage)!.route))
    await page.getByRole('searchbox', { name: 'Search this site' }).pressSequentially(target.title)
    await page
      .getByRole('search', { name: 'Site search' })
      .getByRole('button', { name: 'Search' })
      .click()
    await expect(page).toHaveURL(searchUrl(target.title).replaceAll('%20', '+'))
    await expect(
      page.locator(`[data-search-results] a[href="${routeHref(target.route)}"]`)
    ).toBeVisible()
  })

  onWorkerPage(
    'typing searches after a short pause, and says when nothing matches',
    async ({ shared: page }) => {
      await page.goto(routeHref(searchPage.route))
      await page.locator('#search-page-query').pressSequentially('zzqxw')
      await expect(page.getByRole('status')).toContainText('No pages match “zzqxw”')
    }
  )

  // The page that lists audits, and a year none of them is from.
  const auditPage = content.pages.find((p) =>
    p.blocks.some((b) => b.kind === 'documents' && b.kinds.includes('audit'))
  )!
  const audits = [...registries.documents.values()].filter((d) => d.kind === 'audit')
  const hrefsOf = (page: import('@playwright/test').Page) =>
    page
      .locator('[data-search-results] a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!))

  onWorkerPage(
    'a year the site has no document of leads to the page that lists them',
    async ({ shared: page }) => {
      const year = Math.max(...audits.map((d) => d.year!)) + 1
      await page.goto(searchUrl(`${year} audit`))
      await expect(page.getByRole('status')).toContainText(
        `This site has no document from ${year} for “audit”`
      )
      expect(await hrefsOf(page)).toContain(routeHref(auditPage.route))
    }
  )

  onWorkerPage(
    'when no page has every word, it says so and lists the pages with some',
    async ({ shared: page }) => {
      await page.goto(searchUrl('zzqxw audit'))
      await expect(page.getByRole('status')).toContainText(
        'No page has all the words of “zzqxw audit”'
      )
      expect(await hrefsOf(page)).toContain(routeHref(auditPage.route))
    }
  )

  onWorkerPage(
    '"español" and "Spanish" find the documents in Spanish first',
    async ({ shared: page }) => {
      const spanish = [...registries.documents.values()].filter((d) => d.language === 'es')
      test.skip(spanish.length === 0, 'no document in Spanish')
      for (const word of ['español', 'Spanish']) {
        await page.goto(searchUrl(word))
        await expect(page.getByRole('status')).toContainText(/\d+ results? for “/)
        const hrefs = await hrefsOf(page)
        expect(hrefs.slice(0, spanish.length).sort(), word).toEqual(
          spanish.map((d) => d.url).sort()
        )
      }
    }
  )

  test('other pages load no search script or index', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await page.goto(routeHref(content.pages.find((p) => p !== searchPage)!.route))
    await page.waitForLoadState('networkidle')
    expect(
      requests.filter((path) => path.startsWith('/pagefind/') || path === '/search.js')
    ).toEqual([])
  })
})

// Made-up minutes, 45 of them, in a search index of their own that the
// search page is given instead of the site's (tools/export/search-index.ts
// builds both): the registry may hold any number of minutes, so the tests
// that need many use these.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July']
const MINUTES: DocumentEntry[] = Array.from({ length: 45 }, (_, i) => {
  const [year, month] = [2001 + Math.floor(i / MONTHS.length), MONTHS[i % MONTHS.length]!]
  return {
    id: `minutes-${year}-${month.toLowerCase()}`,
    title: `Minutes, ${month} ${year}`,
    kind: 'minutes',
    year,
    type: 'pdf',
    language: 'en',
    url: `https://files.example.org/minutes-${year}-${month.toLowerCase()}.pdf`,
  }
})

test.describe('site search over many results (a made-up index)', () => {
  let index: string
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-fixture-'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><title>Records</title><main data-pagefind-body><h1>Records</h1><p>The Board keeps its records.</p></main></html>'
    )
    await buildSearchIndex(dir, MINUTES)
    index = dir
  })
  test.afterAll(() => rmSync(index, { recursive: true, force: true }))
  test.beforeEach(async ({ page }) => {
    await page.route('**/pagefind/**', (route) =>
      route.fulfill({ path: join(index, new URL(route.request().url()).pathname) })
    )
  })

  test('finds a meeting’s minutes by month and year, as a person would ask ("minutes March 2003")', async ({
    page,
  }) => {
    const doc = MINUTES.find((d) => d.title === 'Minutes, March 2003')!
    await page.goto(searchUrl('minutes March 2003'))
    const results = page.locator('[data-search-results] a')
    await expect(results.first()).toBeVisible()
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.slice(0, 5)).toContain(doc.url)
  })

  test('says the true number of results, lists them 20 at a time with a way to see the rest, and puts the number in the title', async ({
    page,
  }) => {
    const total = MINUTES.length
    await page.goto(searchUrl('minutes'))
    const status = page.getByRole('status')
    await expect(status).toHaveText(`${total} results for “minutes”. Showing the first 20.`)
    await expect(page).toHaveTitle(new RegExp(`^“minutes”: ${total} results – `))
    const results = page.locator('[data-search-results] > li')
    await expect(results).toHaveCount(20)
    const more = page.getByRole('button', { name: /^Show more results/ })
    for (let listed = 20; listed < total; listed = Math.min(listed + 20, total)) {
      await expect(more).toHaveText(`Show more results (${Math.min(20, total - listed)} more)`)
      await more.click()
      await expect(results).toHaveCount(Math.min(listed + 20, total))
      // Focus goes on to the first new result.
      await expect(results.nth(listed).locator('a')).toBeFocused()
    }
    await expect(more).toBeHidden()
    await expect(status).toHaveText(`${total} results for “minutes”`)
  })
})

test.describe('site search with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the header field submits to the search page, which lists every page by section', async ({
    page,
  }) => {
    const other = content.pages.find((p) => p !== searchPage && p.route !== '/')!
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(routeHref(other.route))
    await page.getByRole('searchbox', { name: 'Search this site' }).fill('fees')
    await page
      .getByRole('search', { name: 'Site search' })
      .getByRole('button', { name: 'Search' })
      .click()
    await expect(page).toHaveURL(new RegExp(`${routeHref(searchPage.route)}\\?q=fees$`))
    // It says why nothing is found, and where the pages are instead.
    const needsScript = page.getByText(/^Search needs JavaScript\b/)
    await expect(needsScript).toBeVisible()
    const below = await needsScript.evaluate((note) =>
      [...document.querySelectorAll('main a')]
        .filter((a) => note.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING)
        .map((a) => a.getAttribute('href'))
    )
    for (const p of content.pages) expect(below).toContain(routeHref(p.route))
    for (const p of content.pages)
      await expect(page.locator(`main a[href="${routeHref(p.route)}"]`).first()).toBeAttached()
  })
})

// The estimator, worked out for a fixed "today": the first Monday after
// mid-January of the last year holidays.yaml lists, 10:00 in New Jersey.
const rules: EstimatorRules = {
  tiers: registries.fees.inspection.tiers,
  methods: registries.fees.cardFees.methods,
  holidays: registries.holidays.map((h) => h.date),
}
const lastYear = rules.holidays.at(-1)!.slice(0, 4)
const DAY = 24 * 60 * 60 * 1000
const iso = (time: number) => new Date(time).toISOString().slice(0, 10)
const start = parseIsoDay(`${lastYear}-01-15`).getTime()
const TODAY = iso(
  [...Array(7).keys()].map((i) => start + i * DAY).find((t) => new Date(t).getUTCDay() === 1)!
)
/** The first inspection day after today whose estimate is in the given tier. */
const dayInTier = (tierId: string) => {
  for (let i = 0; i < 60; i++) {
    const day = iso(parseIsoDay(TODAY).getTime() + i * DAY)
    const result = estimate(TODAY, day, rules)
    if (result.ok && result.tier.id === tierId) return { day, result }
  }
  throw new Error(`no day in tier ${tierId}`)
}

test.describe('inspection fee estimator', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date(`${TODAY}T10:00:00-05:00`))
    await page.goto(routeHref(estimatorPage.route))
  })

  for (const tier of rules.tiers) {
    test(`estimates the "${tier.id}" fee with each card total and the last day for the lowest fee`, async ({
      page,
    }) => {
      const { day, result } = dayInTier(tier.id)
      if (!result.ok) throw new Error('unreachable')
      const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
      await expect(estimator).toBeVisible()
      // Typed key by key as the site writes dates (mm/dd/yy, a two-digit year).
      await estimator.getByLabel(/date/i).pressSequentially(formatDate(day))
      await estimator.getByRole('button', { name: /estimate/i }).click()
      const days = result.businessDays
      await expect(estimator).toContainText(
        `${days} business ${days === 1 ? 'day' : 'days'} from today to ${formatDate(day)}: ` +
          `${tierLabel(result.tier)}, so the fee is ${formatMoney(result.tier.amount)}.`
      )
      for (const { method, cardFee, total } of result.totals)
        await expect(estimator).toContainText(
          `${method.label}: ${formatMoney(total)} (card fee ${formatMoney(cardFee)})`
        )
      const lowest = result.lowest
      // Worded as the estimate it is: the inspector's date decides.
      const lowestTier = `the ${formatMoney(lowest.tier.amount)} tier (${tierLabel(lowest.tier)})`
      await expect(estimator).toContainText(
        (lowest.lastDay
          ? `If you apply on or before ${formatDate(lowest.lastDay)}, this estimate puts you in ${lowestTier}.`
          : `By this estimate, it is too late for ${lowestTier} for this date.`) +
          ' The inspection date the inspector sets decides the fee.'
      )
    })
  }

  test('explains a date in the past', async ({ page }) => {
    const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
    const field = estimator.getByLabel(/date/i)
    await field.pressSequentially(iso(parseIsoDay(TODAY).getTime() - 3 * DAY))
    await estimator.getByRole('button', { name: /estimate/i }).click()
    await expect(estimator).toContainText('That date has passed.')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  test('takes the example it shows, typed as shown, and is not "invalid" before anyone types', async ({
    page,
  }) => {
    const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
    const field = estimator.getByLabel(/date/i)
    // As Chromium tells assistive technology: not invalid on load.
    const cdp = await page.context().newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        role?: { value?: string }
        properties?: { name: string; value: { value: unknown } }[]
      }[]
    }
    const box = nodes.find((n) => n.role?.value === 'textbox')!
    expect(box.properties?.find((p) => p.name === 'invalid')?.value.value ?? 'false').toBe('false')
    await expect(estimator).toContainText(`for example ${EXAMPLE_DAY}`)
    await field.pressSequentially(EXAMPLE_DAY)
    await estimator.getByRole('button', { name: /estimate/i }).click()
    const expected = estimate(TODAY, readTypedDay(EXAMPLE_DAY)!, rules)
    await expect(estimator.locator('[data-estimator-result] p').first()).toHaveText(
      expected.ok ? /business days? from today to 03\/15\/27/ : expected.message
    )
    // Something that is no date is refused in plain words, with the example.
    await field.clear()
    await field.pressSequentially('15/03/27')
    await estimator.getByRole('button', { name: /estimate/i }).click()
    await expect(estimator).toContainText(`as month/day/year, for example ${EXAMPLE_DAY}`)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
  })
})

test('the estimator leaves state holidays out of the count', async ({ page }) => {
  // A holiday on a weekday, and a "today" two weeks before it.
  const holiday = rules.holidays.find((h) => h.startsWith(lastYear) && h.slice(5) > '03')!
  const today = iso(parseIsoDay(holiday).getTime() - 14 * DAY)
  const day = iso(
    parseIsoDay(holiday).getTime() + DAY * (new Date(holiday).getUTCDay() === 5 ? 3 : 1)
  )
  const withHoliday = estimate(today, day, rules)
  const without = estimate(today, day, {
    ...rules,
    holidays: rules.holidays.filter((h) => h !== holiday),
  })
  if (!withHoliday.ok || !without.ok) throw new Error('test setup: no estimate')
  expect(withHoliday.businessDays).toBe(without.businessDays - 1)
  await page.clock.setFixedTime(new Date(`${today}T10:00:00-05:00`))
  await page.goto(routeHref(estimatorPage.route))
  const estimator = page.getByRole('region', { name: 'Estimate your inspection fee' })
  await estimator.getByLabel(/date/i).pressSequentially(formatDate(day))
  await estimator.getByRole('button', { name: /estimate/i }).click()
  await expect(estimator).toContainText(`${withHoliday.businessDays} business days from today`)
})

test.describe('inspection fees with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('show the fee tables, and no broken estimator', async ({ page }) => {
    await page.goto(routeHref(estimatorPage.route))
    await expect(
      page.getByRole('table', { name: registries.fees.inspection.caption })
    ).toBeVisible()
    await expect(page.getByRole('button', { name: /estimate/i })).toBeHidden()
    await expect(page.getByText('Estimate your inspection fee')).toBeHidden()
  })
})

test.describe('an alert after its last day, when a daily build was missed', () => {
  // The page as a missed build left it: an alert that ended yesterday.
  const target = routeHref(content.pages.find((p) => p.route !== '/')!.route)
  const withAlert = async (page: import('@playwright/test').Page, end: string) => {
    await page.route(`**${target}`, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        '<h1',
        `<section aria-labelledby="alert-x" data-alert="urgent" data-alert-end="${end}"><p id="alert-x">Urgent notice</p><p>Burn ban.</p></section><h1`
      )
      await route.fulfill({ response, body })
    })
    await page.clock.setFixedTime(new Date('2026-11-26T09:00:00-05:00'))
    await page.goto(target)
  }

  test('is hidden by the shared browser script the day after it ends', async ({ page }) => {
    await withAlert(page, '2026-11-25')
    await expect(page.getByText('Burn ban.')).toBeHidden()
  })

  test('still shows on its last day', async ({ page }) => {
    await withAlert(page, '2026-11-26')
    await expect(page.getByText('Burn ban.')).toBeVisible()
  })
})
