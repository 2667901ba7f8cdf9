import { expect, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { REHEARSAL_USERS, type Rehearsal } from '#tools/rehearse/rehearse.ts'
import { watchPage } from '../e2e/guarded-test.ts'

// What a clerk does in the real editor of `npm run rehearse`, with the
// mouse and real keystrokes, and what the tests read back from the
// stand-in for GitHub: the files a save wrote, the pull request, its labels.

export const ALERTS_FILE = 'content/data/alerts.yaml'
export const ALERTS_ENTRY = 'alerts/entries/alerts'

/** Signs a person in through the editor's small GitHub window; the editor then shows its collections. */
export async function signIn(page: Page, rehearsal: Rehearsal, login: string) {
  const problems = await watchPage(page)
  // Nothing but this machine: GitHub's status page is answered as working.
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { components: [] } })
  )
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(`${rehearsal.site}/admin/`)
  const { model } = rehearsal.github
  await expect(
    page.getByText(`to the repository ${model.fullName(model.origin)} on GitHub`)
  ).toBeVisible()
  await logIn(page, login)
  return problems
}

/** Presses "Login with GitHub" and picks the person in GitHub's small window. */
export async function logIn(page: Page, login: string) {
  const window = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
  const user = REHEARSAL_USERS.find((u) => u.login === login)!
  await (
    await window
  )
    .getByRole('button', { name: `Sign in as ${user.name} (${user.login})` })
    .click()
  // Signed in: the editor shows its collections, or first offers a fork to someone without write access.
  await expect(
    page
      .getByRole('link', { name: COLLECTIONS[0]!.label, exact: true })
      .or(page.getByRole('button', { name: 'Fork the repo', exact: true }))
  ).toBeVisible()
}

/** Opens an entry with a fresh page load, as following a bookmark does. */
export async function open(page: Page, rehearsal: Rehearsal, entry: string) {
  await page.goto('about:blank')
  await page.goto(`${rehearsal.site}/admin/#/collections/${entry}`)
}

const box = (page: Page, field: string) =>
  page.locator(`input[id^="${field}-field-"], textarea[id^="${field}-field-"]`).first()

export async function type(page: Page, field: string, text: string) {
  await box(page, field).click()
  await box(page, field).pressSequentially(text)
}

export type NewAlert = { id: string; start: string; end: string; message: string }

/** Adds an alert at the top of the list, typed in key by key. */
export async function addAlert(page: Page, alert: NewAlert) {
  await page
    .getByRole('button', {
      name: `Add ${COLLECTIONS.find((c) => c.name === 'alerts')!.list!.singular}`,
    })
    .click()
  await type(page, 'id', alert.id)
  await page.locator('[id^="level-field-"]').first().click()
  await page.getByRole('option', { name: 'Urgent', exact: true }).click()
  await type(page, 'start', alert.start)
  await type(page, 'end', alert.end)
  await type(page, 'message', alert.message)
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
}

/**
 * Saves, and waits until the editor says it is saved (the whole site is
 * checked first): its top bar goes from "Unsaved changes" to "Changes saved"
 * (an "Entry saved" notice may still be on screen from the save before).
 */
export async function saved(page: Page) {
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  await save(page)
  await expect(page.getByText('Changes saved')).toBeVisible({ timeout: 1_200_000 }) // only a hang guard: a save waits for the stand-in
}

export async function setStatus(page: Page, status: 'Draft' | 'In review' | 'Ready') {
  await page.getByRole('button', { name: /^Status: / }).click()
  await page.getByRole('menuitem', { name: status }).click()
  await expect(page.getByRole('button', { name: `Status: ${status}` })).toBeVisible()
}

export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Publish now' }).click()
}

/** The editor's latest notice, as shown on screen. */
export const lastNotice = (page: Page) => page.locator('.Toastify__toast').last()

/** The open pull request of a branch, if any. */
export const openPull = (rehearsal: Rehearsal, branch: string) =>
  rehearsal.github.model.pulls.find((p) => p.state === 'open' && p.head.ref === branch)

/** The panel the editor shows a change's check, page diff or history in (site-editor/loop.ts). */
export const changePanel = (page: Page) => page.locator('.site-editor-change').first()

/** Signs out from the top bar's account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /account/i }).click()
  await page.getByText('Log Out', { exact: true }).click()
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toBeVisible()
}

/** A file's text in a commit of the stand-in's repository. */
export const fileAt = (rehearsal: Rehearsal, sha: string, path: string) =>
  rehearsal.github.model.store.git(['show', `${sha}:${path}`])

/** The ids of the alerts in a commit. */
export const alertIds = (rehearsal: Rehearsal, sha: string) =>
  ((parse(fileAt(rehearsal, sha, ALERTS_FILE)) as { id: string }[] | null) ?? []).map((a) => a.id)

export const liveSha = (rehearsal: Rehearsal) =>
  rehearsal.github.model.branchSha(rehearsal.github.model.origin, 'main')!
