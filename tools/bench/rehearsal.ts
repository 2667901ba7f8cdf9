// `npm run bench:rehearsal`: the owners' online loop on `npm run rehearse`, as a clerk waits for
// it. Start-up (copy, build, serve) and sign-in; then three pages changed and saved at once, and
// published in turn: per change, Save, the check's state on screen after it changes, the preview
// ready after Save, Publish (again after GitHub brings a change up to date), and the change on
// the site; and the checks run per merge. The check is REHEARSE_CHECK, else `npm run build` (the
// content check and the build: the preview); the load average is printed beside the figures.
import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { CHECK_WORDS, PAGE_DIFF_CHECK, PREVIEW_CONTEXT } from '#site-editor/checks.ts'
import { routeHref } from '#lib/routes.ts'
import { REHEARSAL_USERS, startRehearsal } from '#tools/rehearse/rehearse.ts'

const CHANGES = 3
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`
// A step that never comes stops the run (Playwright's library would wait forever by default).
const HANG = 900_000
const until = async (done: () => boolean, what: string) => {
  const start = performance.now()
  while (!done()) {
    if (performance.now() - start > HANG) throw new Error(`${what}: not after ${seconds(HANG)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return performance.now()
}

let started = performance.now()
const stopping = new AbortController()
const starting = startRehearsal({
  sitePort: Number(process.env.PORT ?? 8788),
  checkCommand: process.env.REHEARSE_CHECK || 'npm run build',
  signal: stopping.signal,
})
// Ctrl+C stops the rehearsal's site, stand-in and checks too.
process.once('SIGINT', () => {
  stopping.abort()
  void starting.then((r) => r.stop()).finally(() => process.exit(130))
})
const rehearsal = await starting
console.log(`Start-up (copy, build, serve): ${seconds(performance.now() - started)}; ${load()}`)
const { model } = rehearsal.github
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
})

let watching: NodeJS.Timeout | undefined
try {
  const context = await browser.newContext()
  context.setDefaultTimeout(HANG)
  // No route(): Playwright turns the browser's cache off where it routes, and a clerk's browser
  // keeps what the API allows it to (GitHub's status page is out of reach, as it is offline).
  // Publish asks "Are you sure?" in each page: the clerk answers yes.
  context.on('dialog', (dialog) => void dialog.accept())
  const first = await context.newPage()
  started = performance.now()
  await first.goto(`${rehearsal.site}/admin/`)
  const popup = first.waitForEvent('popup')
  await first.getByRole('button', { name: 'Login with GitHub' }).click()
  const { name, login } = REHEARSAL_USERS[0]!
  await (await popup).getByRole('button', { name: `Sign in as ${name} (${login})` }).click()
  await first.getByRole('link', { name: 'Alerts', exact: true }).waitFor()
  console.log(`Sign in: ${seconds(performance.now() - started)}`)

  // Three pages of the site, each changed in a page of its own and saved at once.
  const slugs = model.store
    .git(['ls-tree', '--name-only', 'main', 'content/pages/'])
    .split('\n')
    .slice(0, CHANGES)
    .map((path) => path.replace(/^content\/pages\/|\.md$/g, ''))
  const pages: Page[] = [first, ...(await Promise.all(slugs.slice(1).map(() => context.newPage())))]
  const sentence = (i: number) => `Rehearsal benchmark sentence ${i}, ${Date.now()}.`
  const sentences = slugs.map((_, i) => sentence(i))
  for (const [i, page] of pages.entries()) {
    await page.goto(`${rehearsal.site}/admin/#/collections/pages/entries/${slugs[i]}`)
    const body = page.locator('textarea[id^="body-field-"]')
    await body.click()
    await page.keyboard.press('Control+End')
    await body.pressSequentially(`\n\n${sentences[i]}`)
    // As the clerk reads the preview before saving: the page has read and checked the content.
    await page.frameLocator('#preview-pane').getByText(sentences[i]!).waitFor()
  }
  const saved = await Promise.all(
    pages.map(async (page) => {
      const start = performance.now()
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Changes saved').waitFor()
      return { start, save: performance.now() - start }
    })
  )
  const pullOf = (i: number) =>
    model.pulls.find((p) => p.state === 'open' && p.head.ref === `cms/pages/${slugs[i]}`)
  // Each preview's time as it comes, while the changes before it are published.
  const previewAt: (number | undefined)[] = slugs.map(() => undefined)
  watching = setInterval(() => {
    for (const i of slugs.keys()) {
      const head = pullOf(i)?.head.sha
      const ready = model.statuses.some((s) => s.sha === head && s.context === PREVIEW_CONTEXT)
      if (ready) previewAt[i] ??= performance.now()
    }
  }, 50)
  console.log(
    'change | save | check state shown | preview ready after Save | publish | on the site'
  )
  for (const [i, page] of pages.entries()) {
    const passed = () =>
      model
        .latestChecks(pullOf(i)!.head.sha)
        .some((r) => r.name !== PAGE_DIFF_CHECK && r.conclusion === 'success')
    await until(() => previewAt[i] !== undefined, `the preview of change ${i + 1}`)
    const preview = previewAt[i]!
    // Publish asks for the status Ready first, as the clerk sets it.
    await page.bringToFront()
    await page.getByRole('button', { name: /^Status: / }).click()
    await page.getByRole('menuitem', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Status: Ready' }).waitFor()
    // Publish as the clerk does: again after GitHub brings the change up to date and checks it.
    let publish = 0
    let shown = 0
    for (;;) {
      const changed = await until(passed, `the check of change ${i + 1}`)
      await page.locator('.site-editor-change').getByText(CHECK_WORDS.passed).waitFor()
      shown = Math.max(shown, performance.now() - changed)
      const pull = pullOf(i)!
      const head = pull.head.sha
      const start = performance.now()
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('menuitem', { name: 'Publish now' }).click()
      // GitHub's answer: merged, or brought up to date (a new head, checked again).
      await until(
        () => pull.state !== 'open' || pull.head.sha !== head,
        `publishing change ${i + 1}`
      )
      publish += performance.now() - start
      if (pull.state !== 'open') {
        await page.getByText('Entry published').first().waitFor()
        break
      }
      // Brought up to date: the check runs again on the new head.
      await page
        .locator('.site-editor-change')
        .getByText(CHECK_WORDS.passed)
        .waitFor({ state: 'detached' })
    }
    const start = performance.now()
    const route = /^route: (.*)$/m.exec(
      model.store.git(['show', `main:content/pages/${slugs[i]}.md`])
    )![1]!
    const onSite = async () =>
      (await (await fetch(new URL(routeHref(route), rehearsal.site))).text()).includes(
        sentences[i]!
      )
    while (!(await onSite())) await new Promise((resolve) => setTimeout(resolve, 100))
    const live = performance.now() - start
    const row = [saved[i]!.save, shown, preview - saved[i]!.start, publish, live].map(seconds)
    console.log(`${i + 1} | ${row.join(' | ')}`)
  }
  const checks = model.checkRuns.filter((r) => r.name !== PAGE_DIFF_CHECK).length
  console.log(
    `Checks run: ${checks} for ${CHANGES} merges (${(checks / CHANGES).toFixed(2)} per merge); ${load()}`
  )
} catch (error) {
  const toasts = browser.contexts()[0]?.pages()[0]?.locator('.Toastify')
  console.error(`The editor showed: ${await toasts?.innerText().catch(() => '')}`)
  throw error
} finally {
  clearInterval(watching)
  await browser.close()
  await rehearsal.stop()
}
