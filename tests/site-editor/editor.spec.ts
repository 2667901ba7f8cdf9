import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { diffLines } from 'diff'
import { parse } from 'yaml'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { pageFormat, registryFormat } from '#site-editor/formats.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { navigationSchema } from '#lib/content/page-schemas.ts'
import { alertSchema, feesSchema } from '#lib/content/schemas.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { formatMoney } from '#lib/money.ts'
import { watchPage } from '../e2e/guarded-test.ts'
import { SITE_EDITOR_E2E_REPO } from './paths.ts'

// The real editor (Decap CMS, as built into out/admin/) driven in Chromium
// through `npm run site-editor`: Decap's local backend writes to a copy of content/
// in build/site-editor-e2e. Staff type with real keystrokes, as they do.
// They change an inspection fee, add an urgent alert, add a budget document
// and create a page; each file on disk must change exactly as expected, keep
// its top comment and its key order, and the copy must pass the content
// check. What the check refuses, Publish refuses, in the check's words, and
// the file stays as it was; what a field knows (a last day before its first,
// a two-digit year, an amount below zero) it says at once, in its own words.
// A removal right after a Publish is written; a typed year lands as typed. The editor may load nothing from another
// address and must trip no Content-Security-Policy rule. Every expected
// value is read from the copy's registries and the editor's own words
// (the schemas' metadata, site-editor/fields.ts), never copied from today's content.

/** The words staff see: on the schemas (their metadata), and the collections' in fields.ts. */
const wordsOf = (schema: { meta: () => { title?: string; singular?: string } | undefined }) => ({
  label: schema.meta()?.title ?? '',
  singular: schema.meta()?.singular ?? '',
})
const labelOf = (schema: Parameters<typeof wordsOf>[0]) => wordsOf(schema).label
function listWords(name: string) {
  const { label, list } = COLLECTIONS.find((c) => c.name === name)!
  return { label: list?.label ?? label, singular: list?.singular ?? '' }
}
const ALERT = listWords('alerts').singular
const TIERS = feesSchema.shape.inspection.shape.tiers
const MAIN_MENU = navigationSchema.shape.main
const MENU_LINK = navigationSchema.shape.footer.element.options[0]

const repo = join(process.cwd(), SITE_EDITOR_E2E_REPO)
const file = (path: string) => join(repo, 'content', path)
const read = (path: string) => readFileSync(file(path), 'utf8')

/** The lines two texts differ in: what was taken out and what was put in. */
function changedLines(before: string, after: string) {
  const parts = diffLines(before, after)
  const lines = (added: boolean) =>
    parts
      .filter((p) => (added ? p.added : p.removed))
      .flatMap((p) => p.value.split('\n').filter(Boolean))
  return { removed: lines(false), added: lines(true) }
}

/** The top comment of a YAML file. */
const topComment = (text: string) => /^(?:#.*\n)*/.exec(text)![0]

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * Opens an entry as staff do: its collection's page, then the entry (from another entry's
 * address, enhance.ts loads the page afresh: Decap keeps the last entry's draft). Changes a test
 * left unsaved are left as closing the tab leaves them.
 */
async function open(page: Page, entry: string) {
  if (await page.getByText(/^unsaved changes$/i).isVisible()) await page.goto('about:blank')
  await page.goto(`/admin/#/collections/${entry.split('/')[0]}`)
  await page.goto(`/admin/#/collections/${entry}`)
}

/** Asks the editor to save the entry open in it (the local backend publishes at once). */
async function askToPublish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('Publish now', { exact: true }).click()
}

/** Saves the entry open in the editor, and waits until it is saved. */
async function publish(page: Page) {
  await askToPublish(page)
  // Saving runs the whole site's check first (654 documents): seconds on a busy machine.
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Changes saved')).toBeVisible()
}

/** Picks a choice in one of Decap's drop-down fields. */
async function choose(
  page: Page,
  field: string,
  option: string,
  which: 'first' | 'last' = 'first'
) {
  await page.locator(`[id^="${field}-field-"]`)[which]().click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/**
 * The first text box of a field: the entry just added, since new entries go
 * at the top (with the last one, a test typed into an alert that staff had
 * posted, and hung). Typed into key by key.
 */
const box = (page: Page, field: string) =>
  page.locator(`input[id^="${field}-field-"], textarea[id^="${field}-field-"]`).first()

async function type(page: Page, field: string, text: string) {
  await box(page, field).click()
  await box(page, field).pressSequentially(text)
}

/** Types over what a field holds. */
async function retype(page: Page, field: string, text: string) {
  await box(page, field).click()
  await box(page, field).press('ControlOrMeta+a')
  await box(page, field).pressSequentially(text)
}

// One working copy and one signed-in page for the whole file: the tests run one after the
// other, each opening entries as staff do, from the collection's page (no reload of the editor).
test.describe.configure({ mode: 'serial', timeout: 600_000 })
// Each change and save checks the whole site (650 documents): waits are for what is needed, and
// long enough for a machine running a second test run beside this one.
const expect = baseExpect.configure({ timeout: 60_000 })

let page: Page
/** Requests to another address: none may leave this computer. */
const elsewhere: string[] = []
let watched: () => Promise<{ violations: string[]; consoleErrors: string[] }>
const seen = { violations: 0, consoleErrors: 0 }

/** The policy violations and console errors since the last look. */
async function problems() {
  const { violations, consoleErrors } = await watched()
  const found = {
    violations: violations.slice(seen.violations),
    consoleErrors: consoleErrors.slice(seen.consoleErrors),
  }
  Object.assign(seen, { violations: violations.length, consoleErrors: consoleErrors.length })
  return found
}

test.beforeAll(async ({ browser }) => {
  rmSync(join(repo, 'content'), { recursive: true, force: true })
  cpSync(join(process.cwd(), 'content'), join(repo, 'content'), { recursive: true })
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  page = await context.newPage()
  watched = await watchPage(page)
  await page.route(
    (url) => url.hostname !== 'localhost',
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort()
    }
  )
})

test.afterAll(() => page.context().close())

test.afterEach(async () => {
  const { violations, consoleErrors } = await problems()
  expect(violations, 'Content-Security-Policy violations').toEqual([])
  expect(consoleErrors, 'console errors').toEqual([])
  expect(elsewhere, 'requests to other addresses').toEqual([])
})

test("the editor's own screens: the bureau's name, named buttons, a titled preview, no broken buttons", async () => {
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/: site editor$/)
  await expect(page.locator('[class*="DecapLogoIcon"]')).toBeHidden()
  // On this computer nothing goes to GitHub, and the sign-in page does not say it does.
  await expect(page.getByText(/saved as pull requests/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('link', { name: /Pages/ }).first()).toBeVisible()
  // Nothing is uploaded here: no Media button (captions are added on GitHub, content/README.md).
  await expect(page.getByRole('button', { name: 'Media' })).toBeHidden()
  // The Board's meeting records, the newest year first.
  const years = readdirSync(file('data/meetings')).map((name) => name.replace(/\.yaml$/, ''))
  await page.goto('/admin/#/collections/meetings')
  const shown = page.getByText(/^\d{4}$/)
  await expect(shown.first()).toHaveText(years.sort().at(-1)!)
  expect(await shown.allTextContents()).toEqual(years.sort().reverse())
  await open(page, 'alerts/entries/alerts')
  await expect(page.locator('#preview-pane')).toHaveAttribute('title', /^Preview/)
  const frame = page.frameLocator('#preview-pane')
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByText('Check for Preview')).toBeHidden()
  // A new, blank alert is not blamed before anything is typed in it.
  await page.getByRole('button', { name: new RegExp(`Add ${ALERT}`) }).click()
  await expect(
    page.getByRole('button', { name: /^Show or hide this alert$/ }).first()
  ).toBeVisible()
  await expect(frame.getByRole('alert')).toHaveCount(0)
  // A field's rule is shown in the case it was written ("lower case", not "LOWER CASE").
  await open(page, 'pages/new')
  await type(page, 'route', '/FEES')
  await askToPublish(page)
  const error = page.getByText(/should be a route such as \/fees/)
  await expect(error).toBeVisible()
  expect(await error.evaluate((e) => getComputedStyle(e).textTransform)).toBe('none')
})

test('staff edit the site in the browser, and each file changes as a careful person would', async () => {
  const preview = page.frameLocator('#preview-pane')

  // ------------------------------------------------------ an inspection fee
  const feesBefore = read('data/fees.yaml')
  const fees = parse(feesBefore) as { inspection: { tiers: { id: string; amount: number }[] } }
  // The first tier of the file, whatever it is called and costs today.
  const tier = 0
  const tierId = fees.inspection.tiers[tier]!.id
  const newFee = fees.inspection.tiers[tier]!.amount + 5.5
  await test.step('change an inspection fee', async () => {
    await open(page, 'fees/entries/fees')
    const amount = page.getByLabel(labelOf(TIERS.element.shape.amount), { exact: true }).nth(tier)
    // An amount shows its cents, as the file writes it.
    await expect(amount).toHaveValue(fees.inspection.tiers[tier]!.amount.toFixed(2))
    await amount.click()
    await amount.press('ControlOrMeta+a')
    await amount.pressSequentially(String(newFee))
    await expect(preview.getByRole('table').first()).toContainText(formatMoney(newFee))
    await publish(page)
    const after = read('data/fees.yaml')
    // One line changes: the amount, with its cents, in place.
    const format = registryFormat('fees')
    const tidy = format.toFile(format.fromFile(feesBefore))
    expect(changedLines(tidy, after)).toEqual({
      removed: [expect.stringMatching(/^\s+amount: \d+\.\d\d$/)],
      added: [expect.stringMatching(new RegExp(`^\\s+amount: ${newFee.toFixed(2)}$`))],
    })
    expect(topComment(after)).toBe(topComment(feesBefore))
    expect(topComment(after)).not.toBe('')
  })

  // ------------------------------------------------------ an urgent alert
  const start = todayInNewJersey()
  const end = addDays(start, 6)
  const message = 'A **burn ban** is in effect. No open burning until it ends.'
  await test.step('add an urgent alert', async () => {
    const before = read('data/alerts.yaml')
    const listed = (parse(before) as unknown[] | null) ?? []
    await open(page, 'alerts/entries/alerts')
    await page.getByRole('button', { name: new RegExp(`Add ${ALERT}`) }).click()
    await type(page, 'id', 'burn-ban-test')
    await choose(page, 'level', 'Urgent')
    // The first day as the file writes it, the last the American way: both land as typed.
    await type(page, 'start', start)
    const [year, month, day] = end.split('-')
    await type(page, 'end', `${month}/${day}/${year}`)
    await type(page, 'message', message)
    await expect(preview.getByText('Urgent notice').first()).toBeVisible()
    await publish(page)
    const after = read('data/alerts.yaml')
    const alerts = parse(after) as Record<string, unknown>[]
    expect(alerts).toHaveLength(listed.length + 1)
    // A new alert goes first, where the newest belongs.
    const added = alerts[0]!
    expect(added).toEqual({ id: 'burn-ban-test', level: 'urgent', start, end, message })
    expect(Object.keys(added)).toEqual(['id', 'level', 'start', 'end', 'message'])
    // Dates quoted, the one-line message kept one line, the top comment kept.
    // (Quoted only if YAML needs it: this one does not.)
    expect(after).toContain(`  start: '${start}'\n  end: '${end}'\n  message: ${message}\n`)
    expect(topComment(after)).toBe(topComment(before))
    // Nothing else changes (the empty list's `[]` goes when there was no alert).
    const format = registryFormat('alerts')
    const { removed, added: lines } = changedLines(format.toFile(format.fromFile(before)), after)
    expect(removed).toEqual(listed.length ? [] : ['[]'])
    expect(lines).toEqual([
      '- id: burn-ban-test',
      '  level: urgent',
      `  start: '${start}'`,
      `  end: '${end}'`,
      `  message: ${message}`,
    ])
  })

  // ------------------------------------------------------ a budget document
  const year = Number(start.slice(0, 4)) + 1
  const documentId = `budget-${year}-test`
  const documentTitle = `${year} test budget`
  await test.step('add a budget document', async () => {
    const before = read('data/documents.yaml')
    const count = (parse(before) as unknown[]).length
    // What the file's own comment says of new entries is where the editor puts them.
    const told = /adds new entries at the (top|end)/.exec(topComment(before).replace(/\n# ?/g, ' '))
    if (told) expect(told[1], 'the top comment of documents.yaml').toBe('top')
    await open(page, 'documents/entries/documents')
    await page
      .getByRole('button', { name: new RegExp(`Add ${listWords('documents').singular}`) })
      .click()
    // The entry just added is the first (new documents go at the top).
    const first = (field: string) =>
      page.locator(`input[id^="${field}-field-"], textarea[id^="${field}-field-"]`).first()
    for (const [field, text] of [
      ['id', documentId],
      ['title', documentTitle],
    ] as const)
      await first(field).pressSequentially(text)
    await choose(page, 'kind', 'Budget', 'first')
    await first('year').pressSequentially(String(year))
    await choose(page, 'type', 'PDF', 'first')
    await first('url').pressSequentially(`https://files.example.org/budget-${year}.pdf`)
    // The preview is the page that lists budgets, with the new one on it.
    await expect(preview.getByRole('heading', { name: /^On the page/ }).first()).toBeVisible()
    await expect(preview.getByRole('link', { name: new RegExp(documentTitle) })).toBeVisible()
    await publish(page)
    const after = read('data/documents.yaml')
    const documents = parse(after) as Record<string, unknown>[]
    expect(documents).toHaveLength(count + 1)
    const added = documents[0]!
    expect(added).toEqual({
      id: documentId,
      title: documentTitle,
      kind: 'budget',
      year,
      type: 'pdf',
      url: `https://files.example.org/budget-${year}.pdf`,
    })
    expect(Object.keys(added)).toEqual(['id', 'title', 'kind', 'year', 'type', 'url'])
    const format = registryFormat('documents')
    const { added: lines, removed } = changedLines(format.toFile(format.fromFile(before)), after)
    expect(removed).toEqual([])
    expect(lines).toHaveLength(6)
    expect(topComment(after)).toBe(topComment(before))
  })

  // ------------------------------------------------------ a new page
  let previewHeading: Record<string, string> = {}
  let previewWidth = 0
  await test.step('create a page', async () => {
    const body = `The inspection costs {{fee:${tierId}}} in this case.\n\n@document ${documentId}`
    await open(page, 'pages/new')
    // Blank, a new page is not blamed for what is not written yet.
    await expect(preview.getByText(/Fill in the fields on the left/)).toBeVisible()
    await type(page, 'route', '/editor-test')
    await type(page, 'title', 'A page made in the editor')
    await type(
      page,
      'description',
      'A page the browser test makes in the site editor, with a fee and a document.'
    )
    await choose(page, 'section', 'About')
    await type(page, 'body', body)
    // The preview is the page: the fee token and the @document line, drawn by the site.
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText('A page made in the editor')
    await expect(preview.getByText(`costs ${formatMoney(newFee)} in this case`)).toBeVisible()
    await expect(preview.getByRole('link', { name: new RegExp(documentTitle) })).toBeVisible()
    // Drawn with the site's own stylesheet: the heading looks as it does on the site.
    await expect(preview.locator('link[rel="stylesheet"]').first()).toHaveAttribute(
      'href',
      /^\/_next\/static\/.+\.css$/
    )
    const style = (h1: HTMLElement) => {
      const { color, fontSize, fontWeight } = getComputedStyle(h1)
      return { color, fontSize, fontWeight }
    }
    previewHeading = await preview.getByRole('heading', { level: 1 }).evaluate(style)
    previewWidth = Math.round((await page.locator('#preview-pane').boundingBox())!.width)
    await publish(page)
    const path = 'pages/editor-test.md'
    expect(existsSync(file(path))).toBe(true)
    const text = read(path)
    expect(text).toBe(
      [
        '---',
        'route: /editor-test',
        'title: A page made in the editor',
        'description: A page the browser test makes in the site editor, with a fee and a document.',
        'section: about',
        '---',
        '',
        body,
        '',
      ].join('\n')
    )
    expect(pageFormat.toFile(pageFormat.fromFile(text))).toBe(text)
  })

  // The same heading on a page of the site itself, in a window as wide as the preview.
  const site = await page.context().newPage()
  await site.setViewportSize({ width: previewWidth, height: 800 })
  await site.goto('/')
  expect(
    await site.getByRole('heading', { level: 1 }).evaluate((h1) => {
      const { color, fontSize, fontWeight } = getComputedStyle(h1)
      return { color, fontSize, fontWeight }
    })
  ).toEqual(previewHeading)
  await site.close()

  // Every file the editor wrote passes the content check (the site's own, as the build runs it).
  const checked = checkContent(readContentSource(join(repo, 'content')))
  expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([])
})

test('what the content check refuses, Publish refuses, in its words, and the file stays as it was', async () => {
  const toast = page.locator('.Toastify')
  const refused = async (words: RegExp) => {
    await askToPublish(page)
    await expect(toast).toContainText('Not saved.')
    await expect(toast).toContainText(words)
  }

  await test.step('an end before the start, a two-digit year, and two alerts with one id', async () => {
    const before = read('data/alerts.yaml')
    const id = (parse(before) as { id: string }[])[0]!.id
    await open(page, 'alerts/entries/alerts')
    await page.getByRole('button', { name: new RegExp(`Add ${ALERT}`) }).click()
    await type(page, 'id', id)
    await choose(page, 'level', 'Information', 'first')
    await type(page, 'start', '2030-03-10')
    await type(page, 'end', '2030-03-01')
    // Red on the field as soon as it is typed, in the fields' own words, before any Publish.
    const early = `${labelOf(alertSchema.shape.end)} should be on or after the ${labelOf(alertSchema.shape.start).toLowerCase()}, Sunday, March 10, 2030.`
    await expect(box(page, 'end')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(early, { exact: true })).toBeVisible()
    await type(page, 'message', 'The office is closed.')
    await refused(new RegExp(early.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    // A two-digit year is named as that, first (not as "should be a date written YYYY-MM-DD").
    await retype(page, 'start', '3/10/30')
    await refused(
      new RegExp(`Not saved\\. ${labelOf(alertSchema.shape.start)} has a two-digit year`)
    )
    await retype(page, 'start', '2030-02-25')
    await expect(box(page, 'end')).not.toHaveAttribute('aria-invalid')
    // Named as the editor lists it (by its days: the editor shows no line numbers).
    await refused(new RegExp(`entry from 2030-02-25 to 2030-03-01: uses the id "${id}"`))
    expect(read('data/alerts.yaml')).toBe(before)
  })

  await test.step('a fee below zero', async () => {
    await open(page, 'fees/entries/fees')
    const amount = page.getByLabel(labelOf(TIERS.element.shape.amount), { exact: true }).first()
    await amount.click()
    await amount.press('ControlOrMeta+a')
    await amount.pressSequentially('-5')
    await refused(/should be an amount in dollars such as 45\.00: no minus sign/)
  })

  await test.step('a second page on a route another page has', async () => {
    const pages = readdirSync(file('pages'))
    const taken = parse(/^---\n([\s\S]*?)---/.exec(read('pages/editor-test.md'))![1]!) as {
      route: string
    }
    await open(page, 'pages/new')
    await type(page, 'route', taken.route)
    await type(page, 'title', 'Another page on the same route')
    await type(
      page,
      'description',
      'A page that tries to take the route of another page of the site.'
    )
    await choose(page, 'section', 'About')
    await refused(/Each route belongs to one page/)
    expect(readdirSync(file('pages'))).toEqual(pages)
  })

  await test.step('raw HTML and an invisible character in a page', async () => {
    const before = read('pages/editor-test.md')
    await open(page, 'pages/entries/editor-test')
    const body = box(page, 'body')
    await body.click()
    await body.press('ControlOrMeta+End')
    await body.pressSequentially('\n\n<b>bold</b> and a hidden\u200bspace')
    await refused(/has raw HTML/)
    await expect(toast).toContainText(/zero width space \(U\+200B\)/)
    expect(read('pages/editor-test.md')).toBe(before)
  })

  // Decap logs each refused save; nothing else may be logged.
  const { consoleErrors } = await problems()
  expect(consoleErrors.filter((e) => !/The site check found/.test(e))).toEqual([])
})

test('a removal right after a Publish is written, and removing asks first', async () => {
  const ids = () =>
    ((parse(read('data/alerts.yaml')) as { id: string }[] | null) ?? []).map((a) => a.id)
  await open(page, 'alerts/entries/alerts')
  await page.getByRole('button', { name: new RegExp(`Add ${ALERT}`) }).click()
  const first = (field: string) =>
    page.locator(`input[id^="${field}-field-"], textarea[id^="${field}-field-"]`).first()
  await first('id').pressSequentially('closed-test')
  await choose(page, 'level', 'Information', 'first')
  await page.getByRole('button', { name: 'Today' }).first().click()
  await page.getByRole('button', { name: 'Today' }).nth(1).click()
  await first('message').pressSequentially('The office is closed today.')
  await publish(page)
  expect(ids()[0]).toBe('closed-test')
  // "Today" is today in New Jersey, whatever the time in UTC.
  expect((parse(read('data/alerts.yaml')) as { start: string }[])[0]!.start).toBe(
    todayInNewJersey()
  )

  const remove = page.getByRole('button', { name: `Remove this ${ALERT}` }).first()
  // Cancelled: nothing is removed.
  page.once('dialog', (dialog) => void dialog.dismiss())
  await remove.click()
  await expect(page.getByText('Changes saved')).toBeVisible()
  // Confirmed, at once after the Publish: removed in the file too.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toMatch(/^Remove this alert\?/)
    void dialog.accept()
  })
  const before = ids()
  await remove.click()
  await expect(page.getByText(/^unsaved changes$/i)).toBeVisible()
  await publish(page)
  expect(ids()).toEqual(before.slice(1))
})

/** What a list's header says: "91 documents", "1 alert". */
function listHeading(count: number, { label, singular }: { label: string; singular: string }) {
  return `${count} ${(count === 1 ? (singular ?? label) : label).toLowerCase()}`
}

test('an entry opened by its address, typed while another is open or from a bookmark, is that entry, and Publish saves it', async () => {
  const documents = (parse(read('data/documents.yaml')) as unknown[]).length
  const fees = parse(read('data/fees.yaml')) as { inspection: { tiers: unknown[] } }
  const alerts = ((parse(read('data/alerts.yaml')) as unknown[] | null) ?? []).length
  const heading = (text: string) => page.getByText(text, { exact: true })
  // Typed into the address bar while the editor is open: the page stays, the address changes.
  for (let round = 0; round < 2; round++) {
    await page.goto('/admin/#/collections/documents/entries/documents')
    await expect(heading(listHeading(documents, listWords('documents')))).toBeVisible()
    await page.goto('/admin/#/collections/fees/entries/fees')
    await expect(heading(listHeading(fees.inspection.tiers.length, wordsOf(TIERS)))).toBeVisible()
    await page.goto('/admin/#/collections/alerts/entries/alerts')
    await expect(heading(listHeading(alerts, listWords('alerts')))).toBeVisible()
  }
  // From a bookmark: the page opened at the entry's address.
  await open(page, 'documents/entries/documents')
  await expect(heading(listHeading(documents, listWords('documents')))).toBeVisible()

  // Changed after a typed address, the entry of that address is what Publish writes.
  await page.goto('/admin/#/collections/fees/entries/fees')
  await expect(heading(listHeading(fees.inspection.tiers.length, wordsOf(TIERS)))).toBeVisible()
  const before = read('data/fees.yaml')
  const note = page.getByLabel(labelOf(feesSchema.shape.inspection.shape.note), { exact: true })
  await note.click()
  await note.press('End')
  await note.pressSequentially(' Typed after the address.')
  await publish(page)
  const after = read('data/fees.yaml')
  expect(changedLines(before, after)).toEqual({
    removed: [expect.stringMatching(/^\s+note: /)],
    added: [expect.stringMatching(/^\s+note: .* Typed after the address\.$/)],
  })
})

test('a Publish stopped by a mistake in a folded entry says what it is, and writes nothing', async () => {
  const before = read('data/alerts.yaml')
  await open(page, 'alerts/entries/alerts')
  await page.getByRole('button', { name: new RegExp(`Add ${ALERT}`) }).click()
  const first = (field: string) =>
    page.locator(`input[id^="${field}-field-"], textarea[id^="${field}-field-"]`).first()
  await first('id').pressSequentially('Office Closed')
  await choose(page, 'level', 'Information', 'first')
  await first('start').pressSequentially('2030-03-10')
  await first('end').pressSequentially('2030-03-12')
  await first('message').pressSequentially('The office is closed.')
  // Folded by its header row: the field's own message is out of sight.
  const toggle = page.getByRole('button', { name: `Show or hide this ${ALERT}` }).first()
  await toggle.click()
  await expect(first('id')).toBeHidden()
  await askToPublish(page)
  const toast = page.locator('.Toastify')
  await expect(toast).toContainText('Not saved.')
  await expect(toast).toContainText(`${labelOf(alertSchema.shape.id)} should be an id such as`)
  expect(read('data/alerts.yaml')).toBe(before)
})

test('a folded entry or list opens by its whole header row, and by keyboard at its ">"', async () => {
  const menus = parse(read('data/navigation.yaml')) as { main: { label: string }[] }
  await open(page, 'navigation/entries/navigation')
  const words = page.getByLabel(labelOf(MENU_LINK.shape.label), { exact: true })
  const firstItem = menus.main[0]!.label
  // Folded: the entry shows its summary, its fields are hidden.
  await expect(words.first()).toBeHidden()
  const toggle = page.getByRole('button', { name: /^Show or hide this menu item$/ }).first()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // A click on the summary line opens it, as the ">" does.
  await page.getByText(firstItem, { exact: true }).first().click()
  await expect(words.first()).toBeVisible()
  await expect(words.first()).toHaveValue(firstItem)
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  // A click on the top of its header row (beside the buttons) folds it again.
  const header = page.locator(':has(> [aria-roledescription="sortable"])').first()
  const box = (await header.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2)
  await expect(words.first()).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // The keyboard: Tab to the ">", Enter.
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(words.first()).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  // A list's header line ("5 main menu items") opens or folds all its entries.
  const listHeader = page.getByText(listHeading(menus.main.length, wordsOf(MAIN_MENU)), {
    exact: true,
  })
  const all = page.locator('[data-testid="expand-button"]').first()
  const label = await all.getAttribute('aria-label')
  await listHeader.click()
  await expect(all).not.toHaveAttribute('aria-label', label!)
  // A choice of the list's own Add menu, drawn in its header row, is that
  // choice, not a click on the row: the item is added (a clerk's week found
  // the mouse click folding the list instead).
  await page.getByRole('button', { name: `Add ${wordsOf(MAIN_MENU).singular}` }).click()
  await page.getByRole('menuitem', { name: labelOf(MENU_LINK) }).click()
  await expect(
    page.getByText(listHeading(menus.main.length + 1, wordsOf(MAIN_MENU)), { exact: true })
  ).toBeVisible()
})
