import { expect, test } from '@playwright/test'
import { merge } from '#tools/rehearse/github-model.ts'
import { GUARD_WORDS, PUBLISH_WORDS } from '#site-editor/backend.ts'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { startRehearsal, type Rehearsal } from '#tools/rehearse/rehearse.ts'
import { freePort } from '#tests/helpers/ports.ts'
import {
  addAlert,
  ALERTS_ENTRY,
  ALERTS_FILE,
  alertIds,
  fileAt,
  lastNotice,
  liveSha,
  open,
  openPull,
  publish,
  save,
  saved,
  setStatus,
  signIn,
  type,
} from './clerk.ts'

// The owners' online loop, rehearsed (`npm run rehearse`): the real editor
// as the publish workflow builds it, the sign-in service on Cloudflare's
// runtime, and a stand-in for GitHub over a real git repository, with the
// pull request check (here the content check alone, to stay fast) and
// branch protection as deploy/README.md asks the owners to set them. Every
// expected word comes from the editor's own modules; every file is read
// back from the stand-in's repository.

let rehearsal: Rehearsal
// Each step waits for what it needs; the limits only stop a hang. A check and a publish build run
// inside a test, so three test runs at once on two cores have taken over 8 minutes for one.
const HANG = 1_200_000
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // A copy of the working copy, and a full build of the site, before anything answers.
  test.setTimeout(HANG)
  rehearsal = await startRehearsal({
    sitePort: await freePort(),
    checkCommand: 'npm run check:content',
  })
})
test.afterAll(() => rehearsal?.stop())

const day = (offset: number) => {
  const date = new Date(`${todayInNewJersey()}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}
const alert = (id: string, message: string) => ({ id, start: day(0), end: day(3), message })
const BRANCH = 'cms/alerts/alerts'

/** No policy violation and no script error; a failed request is Decap asking GitHub, whose answers it handles. */
async function clean(problems: Awaited<ReturnType<typeof signIn>>) {
  const { violations, consoleErrors } = await problems()
  expect(violations).toEqual([])
  expect(
    consoleErrors.filter(
      (e) => !e.startsWith('Failed to load resource: the server responded with a status of')
    )
  ).toEqual([])
}

test('a clerk saves an alert as a pull request, moves it through review, and publishes it once its check has passed', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const problems = await signIn(page, rehearsal, 'clerk')
  const live = liveSha(rehearsal)
  const burnBan = alert('burn-ban-rehearsal', 'A burn ban is in effect until further notice.')
  const held = rehearsal.holdChecks()

  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(page, burnBan)
  await saved(page)
  // Save made a branch and a pull request, labelled as a draft, holding the typed alert first.
  const pull = openPull(rehearsal, BRANCH)!
  expect(pull.labels).toEqual(['decap-cms/draft'])
  expect(alertIds(rehearsal, pull.head.sha)[0]).toBe(burnBan.id)
  expect(fileAt(rehearsal, pull.head.sha, ALERTS_FILE)).toContain(`message: ${burnBan.message}`)

  await setStatus(page, 'In review')
  expect(pull.labels).toEqual(['decap-cms/pending_review'])
  await setStatus(page, 'Ready')
  expect(pull.labels).toEqual(['decap-cms/pending_publish'])

  // The check has not run yet: Publish is refused in words, and nothing reaches the live branch.
  await publish(page)
  await expect(lastNotice(page)).toHaveText(`Not published: ${PUBLISH_WORDS.pending}`)
  expect(liveSha(rehearsal)).toBe(live)

  held.release()
  await rehearsal.checked()
  expect(rehearsal.github.model.latestChecks(pull.head.sha)).toMatchObject([
    { conclusion: 'success' },
  ])
  await publish(page)
  await expect(page.getByText('Entry published')).toBeVisible({ timeout: 60_000 })
  expect(pull.merged).toBeTruthy()
  expect(rehearsal.github.model.branchSha(rehearsal.github.model.origin, BRANCH)).toBeUndefined()
  expect(alertIds(rehearsal, liveSha(rehearsal))[0]).toBe(burnBan.id)

  // The merge published the site: the alert is on the rehearsal site.
  await rehearsal.published()
  expect(rehearsal.live.at(-1)).toBe(liveSha(rehearsal))
  expect(await (await fetch(`${rehearsal.site}/`)).text()).toContain(burnBan.message)
  await clean(problems)
})

test('a change to an entry not yet published moves its pull request; deleting it closes the request', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const problems = await signIn(page, rehearsal, 'clerk')
  const live = liveSha(rehearsal)
  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(page, alert('hydrant-flushing', 'Hydrant flushing this week.'))
  await saved(page)
  const pull = openPull(rehearsal, BRANCH)!
  const first = pull.head.sha

  // The saved list comes back folded: open the alert just added (the first) and add to its text.
  await page
    .getByRole('button', {
      name: `Show or hide this ${COLLECTIONS.find((c) => c.name === 'alerts')!.list!.singular}`,
    })
    .first()
    .click()
  await type(page, 'message', ' Water may look brown.')
  await saved(page)
  expect(pull.head.sha).not.toBe(first)
  expect(fileAt(rehearsal, pull.head.sha, ALERTS_FILE)).toContain(
    'Hydrant flushing this week. Water may look brown.'
  )
  // The check runs again on the new commit.
  expect(rehearsal.github.model.checkRuns.some((r) => r.sha === pull.head.sha)).toBe(true)

  await page.getByRole('button', { name: 'Delete unpublished changes' }).click()
  await expect(page.getByRole('button', { name: 'Delete unpublished changes' })).toHaveCount(0)
  expect(pull.state).toBe('closed')
  expect(pull.merged).toBeUndefined()
  expect(rehearsal.github.model.branchSha(rehearsal.github.model.origin, BRANCH)).toBeUndefined()
  expect(liveSha(rehearsal)).toBe(live)
  await rehearsal.checked()
  await clean(problems)
})

test('two clerks change the same file: the second is told so, and nothing is lost', async ({
  browser,
}) => {
  test.setTimeout(HANG)
  const [first, second] = await Promise.all([browser.newPage(), browser.newPage()])
  await signIn(first, rehearsal, 'clerk')
  await signIn(second, rehearsal, 'inspector')
  await open(first, rehearsal, ALERTS_ENTRY)
  await open(second, rehearsal, ALERTS_ENTRY)

  await addAlert(first, alert('road-closed', 'Main Street is closed for the parade.'))
  await saved(first)
  const pull = openPull(rehearsal, BRANCH)!
  const theirs = pull.head.sha

  await addAlert(second, alert('open-house', 'Open house at the firehouse on Saturday.'))
  await save(second)
  await expect(lastNotice(second)).toContainText(GUARD_WORDS.waiting)
  await expect(lastNotice(second)).toContainText(GUARD_WORDS.keep)
  // The first clerk's change is as saved, and the second's typing is still on screen.
  expect(pull.head.sha).toBe(theirs)
  expect(alertIds(rehearsal, pull.head.sha)).toContain('road-closed')
  expect(alertIds(rehearsal, pull.head.sha)).not.toContain('open-house')
  await expect(second.locator('input[id^="id-field-"]').first()).toHaveValue('open-house')

  // Reloaded, the second clerk sees the waiting change and adds theirs to it.
  await open(second, rehearsal, ALERTS_ENTRY)
  await expect(second.getByRole('button', { name: /^Status: / })).toBeVisible()
  await addAlert(second, alert('open-house', 'Open house at the firehouse on Saturday.'))
  await saved(second)
  expect(alertIds(rehearsal, pull.head.sha).slice(0, 2)).toEqual(['open-house', 'road-closed'])

  await rehearsal.checked()
  rehearsal.github.model.deleteBranch(rehearsal.github.model.origin, BRANCH)
})

test('a volunteer without write access works in a fork, and In review opens a pull request from it', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const { model } = rehearsal.github
  const problems = await signIn(page, rehearsal, 'volunteer')
  await page.getByRole('button', { name: 'Fork the repo' }).click()
  await expect(page.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible()
  const fork = model.repo('volunteer', model.origin.name)
  expect(fork.parent).toBe(model.origin)

  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(page, alert('smoke-alarm-week', 'Test your smoke alarms this week.'))
  await saved(page)
  const branch = `cms/${model.fullName(fork)}/${BRANCH.slice('cms/'.length)}`
  const head = model.branchSha(fork, branch)!
  expect(alertIds(rehearsal, head)[0]).toBe('smoke-alarm-week')
  // Nothing in the bureau's repository yet: a draft stays in the fork.
  expect(model.pulls.filter((p) => p.state === 'open')).toEqual([])
  expect(model.branchSha(model.origin, branch)).toBeUndefined()

  await setStatus(page, 'In review')
  const pull = model.pulls.find((p) => p.state === 'open' && p.head.repo === fork)!
  expect(pull).toMatchObject({ head: { ref: branch, sha: head }, base: 'main', user: 'volunteer' })
  await rehearsal.checked()
  expect(model.latestChecks(head)).toMatchObject([{ conclusion: 'success' }])
  model.close(pull)
  await clean(problems)
})

/** Another person's pull request, made and merged as on GitHub's website: a file put or removed. */
async function mergedChange(path: string, text: string | null, title: string) {
  const { model } = rehearsal.github
  const base = liveSha(rehearsal)
  const tree = model.store.writeTree(base, [
    text === null ? { path, sha: null } : { path, content: text },
  ])
  const sha = model.store.commit({
    tree,
    parents: [base],
    message: title,
    author: model.person('inspector'),
    committer: model.person('inspector'),
  })
  const branch = `inspector/${title.toLowerCase().replace(/\W+/g, '-')}`
  model.setBranch(model.origin, branch, sha, { create: true })
  const pull = model.createPull(model.origin, 'inspector', { title, head: branch, base: 'main' })
  await rehearsal.checked()
  merge(model, pull, 'inspector', { merge_method: 'squash' })
}

test('a change whose check fails once the live site has moved on cannot be published, and the clerk is told why', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const { model } = rehearsal.github
  const page_ = {
    route: 'rehearsal-temporary-page',
    file: 'content/pages/rehearsal-temporary-page.md',
  }
  await mergedChange(
    page_.file,
    `---\nroute: /${page_.route}\ntitle: A page for the rehearsal\ndescription: A page that the rehearsal adds and then takes away again.\nsection: about\n---\n\nThis page is only here for a while.\n`,
    'Add a temporary page'
  )

  const problems = await signIn(page, rehearsal, 'clerk')
  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(
    page,
    alert('see-the-page', `Read [the notice](/${page_.route}/) before you burn.`)
  )
  await saved(page)
  await setStatus(page, 'Ready')
  await rehearsal.checked()
  const pull = openPull(rehearsal, BRANCH)!
  expect(model.latestChecks(pull.head.sha)).toMatchObject([{ conclusion: 'success' }])

  // Meanwhile a colleague's pull request takes the page away, and is published.
  await mergedChange(page_.file, null, 'Remove the temporary page')
  const live = liveSha(rehearsal)

  // Publish: the change is behind the live site; GitHub brings it up to date and checks it again.
  const before = pull.head.sha
  await publish(page)
  await expect(lastNotice(page)).toHaveText(`Not published: ${PUBLISH_WORDS.updating}`)
  expect(pull.head.sha).not.toBe(before)
  await rehearsal.checked()
  const [check] = model.latestChecks(pull.head.sha)
  expect(check).toMatchObject({ conclusion: 'failure' })
  const mistake = check!.annotations.find((a) => a.level === 'failure' && a.path === ALERTS_FILE)!
  expect(mistake.message).toContain(page_.route)

  // Publish again: refused, with the check's own words, file and line; the live site is untouched.
  await publish(page)
  const found = check!.annotations
    .filter((a) => a.level === 'failure')
    .map((a) => `${a.path} line ${a.line}: ${a.message}`)
  expect(found).toContain(`${ALERTS_FILE} line ${mistake.line}: ${mistake.message}`)
  await expect(lastNotice(page)).toHaveText(
    `Not published: ${PUBLISH_WORDS.failing(found.join(' · '))}`
  )
  expect(liveSha(rehearsal)).toBe(live)
  await clean(problems)
})
