import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { diffLines } from 'diff'
import { parse } from 'yaml'
import { FIELD_TEXT } from '#site-editor/fields.ts'
import { pageFormat, registryFormat } from '#site-editor/formats.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { formatMoney } from '#lib/money.ts'
import { watchPage } from '../e2e/guarded-test.ts'
import { SITE_EDITOR_E2E_REPO } from './paths.ts'

// The real editor (Decap CMS, as built into out/admin/) driven in Chromium
// through `npm run site-editor`: Decap's local backend writes to a copy of content/
// in build/site-editor-e2e. Staff change an inspection fee, add an urgent
// alert, add a budget document and create a page; each file on disk must
// change exactly as expected, keep its top comment and its key order, and
// the copy must pass the content check. The editor may load nothing from
// another address and must trip no Content-Security-Policy rule. Every
// expected value is read from the copy's registries and the editor's own
// words (site-editor/fields.ts), never copied from today's content.

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
 * Opens an entry in the editor with a fresh page load, as following a link
 * does (Decap keeps the last entry's draft when only the address's #part
 * changes).
 */
async function open(page: Page, entry: string) {
  await page.goto('about:blank')
  await page.goto(`/admin/#/collections/${entry}`)
}

/** Saves the entry open in the editor (the local backend publishes at once). */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('Publish now', { exact: true }).click()
  await expect(page.getByText('Entry saved')).toBeVisible()
  await expect(page.getByText('Changes saved')).toBeVisible()
}

/** Picks a choice in one of Decap's drop-down fields. */
async function choose(page: Page, field: string, option: string) {
  await page.locator(`[id^="${field}-field-"]`).last().click()
  await page.getByText(option, { exact: true }).last().click()
}

test.beforeAll(() => {
  rmSync(join(repo, 'content'), { recursive: true, force: true })
  cpSync(join(process.cwd(), 'content'), join(repo, 'content'), { recursive: true })
})

test('staff edit the site in the browser, and each file changes as a careful person would', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const problems = await watchPage(page)
  const elsewhere: string[] = []
  await page.route(
    (url) => url.hostname !== 'localhost',
    (route) => {
      elsewhere.push(route.request().url())
      return route.abort()
    }
  )

  await page.goto('/admin/')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('link', { name: /Pages/ }).first()).toBeVisible()
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
    const amount = page
      .getByLabel(FIELD_TEXT['fees.inspection.tiers.amount']!.label, { exact: true })
      .nth(tier)
    await amount.fill(String(newFee))
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
    await page
      .getByRole('button', { name: new RegExp(`Add ${FIELD_TEXT.alerts!.singular!}`) })
      .click()
    await page.locator('[id^="id-field-"]').last().fill('burn-ban-test')
    await choose(page, 'level', 'Urgent')
    await page.locator('[id^="start-field-"]').last().fill(start)
    await page.locator('[id^="end-field-"]').last().fill(end)
    await page.locator('[id^="message-field-"]').last().fill(message)
    await expect(preview.getByText('Urgent notice').first()).toBeVisible()
    await publish(page)
    const after = read('data/alerts.yaml')
    const alerts = parse(after) as Record<string, unknown>[]
    expect(alerts).toHaveLength(listed.length + 1)
    const added = alerts.at(-1)!
    expect(added).toEqual({
      id: 'burn-ban-test',
      level: 'urgent',
      start,
      end,
      message: `${message}\n`,
    })
    expect(Object.keys(added)).toEqual(['id', 'level', 'start', 'end', 'message'])
    // Dates quoted, the message a block, the top comment kept.
    expect(after).toContain(`  start: '${start}'\n  end: '${end}'\n  message: |\n    ${message}\n`)
    expect(topComment(after)).toBe(topComment(before))
    // Nothing else changes: the new entry is added at the end (replacing the
    // empty list's `[]` when there was no alert).
    const format = registryFormat('alerts')
    const { removed, added: lines } = changedLines(format.toFile(format.fromFile(before)), after)
    expect(removed).toEqual(listed.length ? [] : ['[]'])
    expect(lines).toEqual([
      '- id: burn-ban-test',
      '  level: urgent',
      `  start: '${start}'`,
      `  end: '${end}'`,
      '  message: |',
      `    ${message}`,
    ])
  })

  // ------------------------------------------------------ a budget document
  const year = Number(start.slice(0, 4)) + 1
  const documentId = `budget-${year}-test`
  const documentTitle = `${year} test budget`
  await test.step('add a budget document', async () => {
    const before = read('data/documents.yaml')
    const count = (parse(before) as unknown[]).length
    await open(page, 'documents/entries/documents')
    await page
      .getByRole('button', { name: new RegExp(`Add ${FIELD_TEXT.documents!.singular!}`) })
      .click()
    await page.locator('[id^="id-field-"]').last().fill(documentId)
    await page.locator('[id^="title-field-"]').last().fill(documentTitle)
    await choose(page, 'kind', 'Budget')
    await page.locator('[id^="year-field-"]').last().fill(String(year))
    await choose(page, 'type', 'PDF')
    await page
      .locator('[id^="url-field-"]')
      .last()
      .fill(`https://files.example.org/budget-${year}.pdf`)
    await publish(page)
    const after = read('data/documents.yaml')
    const documents = parse(after) as Record<string, unknown>[]
    expect(documents).toHaveLength(count + 1)
    const added = documents.at(-1)!
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
    await page.locator('[id^="route-field-"]').fill('/editor-test')
    await page.locator('[id^="title-field-"]').fill('A page made in the editor')
    await page
      .locator('[id^="description-field-"]')
      .fill('A page the browser test makes in the site editor, with a fee and a document.')
    await choose(page, 'section', 'About')
    await page.locator('[id^="body-field-"]').fill(body)
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
  await page.setViewportSize({ width: previewWidth, height: 800 })
  await page.goto('/')
  expect(
    await page.getByRole('heading', { level: 1 }).evaluate((h1) => {
      const { color, fontSize, fontWeight } = getComputedStyle(h1)
      return { color, fontSize, fontWeight }
    })
  ).toEqual(previewHeading)

  // ------------------------------------------------------ the content check
  const check = spawnSync(process.execPath, ['tools/export/check-content.ts'], {
    env: { ...process.env, CONTENT_DIR: join(repo, 'content') },
    encoding: 'utf8',
  })
  expect(check.stdout + check.stderr).toMatch(/^content ok/)
  expect(check.status).toBe(0)

  const { violations, consoleErrors } = await problems()
  expect(violations, 'Content-Security-Policy violations').toEqual([])
  expect(consoleErrors, 'console errors').toEqual([])
  expect(elsewhere, 'requests to other addresses').toEqual([])
})
