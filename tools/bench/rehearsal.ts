// `npm run bench:rehearsal`: the owners' online loop on `npm run rehearse`, as a clerk waits for it:
// start-up (copy, build, serve), then in Chromium sign-in, and per alert (BENCH_RUNS, 3) Save,
// status, the pull request's check (REHEARSE_CHECK, or the quick job's), Publish, and the site.
import { chromium } from '@playwright/test'
import { todayInNewJersey } from '#lib/dates.ts'
import { REHEARSAL_USERS, startRehearsal } from '#tools/rehearse/rehearse.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
async function timed(what: () => Promise<unknown>) {
  const start = performance.now()
  await what()
  return performance.now() - start
}

let started = performance.now()
const rehearsal = await startRehearsal({
  sitePort: Number(process.env.PORT ?? 8788),
  checkCommand: process.env.REHEARSE_CHECK || undefined,
})
console.log(`Rehearsal start-up (copy, build, serve): ${seconds(performance.now() - started)}`)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
})

try {
  const page = await browser.newPage()
  // Playwright's library waits forever by default: a step that never comes must stop the run with a message.
  page.setDefaultTimeout(120_000)
  page.on('dialog', (dialog) => void dialog.accept())
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } })
  )
  started = performance.now()
  await page.goto(`${rehearsal.site}/admin/`)
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
  const { name, login } = REHEARSAL_USERS[0]!
  const signIn = (await popup).getByRole('button', { name: `Sign in as ${name} (${login})` })
  await signIn.click()
  await page.getByRole('link', { name: 'Alerts', exact: true }).waitFor()
  console.log(`Sign in: ${seconds(performance.now() - started)}`)
  console.log('run | save | status | check | publish | on the site')
  for (let run = 1; run <= RUNS; run++) {
    await page.goto('about:blank')
    await page.goto(`${rehearsal.site}/admin/#/collections/alerts/entries/alerts`)
    await page.getByRole('button', { name: 'Add alert' }).click()
    const message = `Rehearsal benchmark alert ${run}, ${Date.now()}.`
    for (const [field, text] of [
      ['id', `bench-${run}-${Date.now()}`],
      ['start', todayInNewJersey()],
      ['end', todayInNewJersey()],
      ['message', message],
    ]) {
      const box = page.locator(`:is(input, textarea)[id^="${field}-field-"]`).first()
      await box.click()
      await box.pressSequentially(text!)
    }
    await page.locator('[id^="level-field-"]').first().click()
    await page.getByRole('option', { name: 'Urgent', exact: true }).click()
    const save = await timed(async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Changes saved').waitFor({ timeout: 300_000 })
    })
    const status = await timed(async () => {
      await page.getByRole('button', { name: /^Status: / }).click()
      await page.getByRole('menuitem', { name: 'Ready' }).click()
      await page.getByRole('button', { name: 'Status: Ready' }).waitFor()
    })
    const check = await timed(() => rehearsal.checked())
    const publish = await timed(async () => {
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('menuitem', { name: 'Publish now' }).click()
      await page.getByText('Entry published').waitFor()
    })
    const live = await timed(async () => {
      await rehearsal.checked()
      if (!(await (await fetch(`${rehearsal.site}/`)).text()).includes(message))
        throw new Error('the published site does not show the alert')
    })
    console.log(
      [run, save, status, check, publish, live].map((v, i) => (i ? seconds(v) : v)).join(' | ')
    )
  }
} catch (error) {
  const toasts = browser.contexts()[0]?.pages()[0]?.locator('.Toastify')
  console.error(`The editor showed: ${await toasts?.innerText().catch(() => '')}`)
  throw error
} finally {
  await browser.close()
  await rehearsal.stop()
}
