import { expect, test, type Page } from '@playwright/test'
import { GUARD_WORDS, PUBLISH_WORDS } from '#site-editor/backend.ts'
import { CHECK_WORDS, PAGE_DIFF_CHECK } from '#site-editor/checks.ts'
import { COLLECTIONS } from '#site-editor/fields.ts'
import { LOOP_WORDS } from '#site-editor/loop.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { startRehearsal, type Rehearsal } from '#tools/rehearse/rehearse.ts'
import { pageText } from '#tools/review/diff-pages.ts'
import { freePort } from '#tests/helpers/ports.ts'
import {
  addAlert,
  ALERTS_ENTRY,
  ALERTS_FILE,
  alertIds,
  changePanel,
  fileAt,
  lastNotice,
  liveSha,
  logIn,
  open,
  openPull,
  publish,
  save,
  saved,
  setStatus,
  signIn,
  signOut,
  type,
} from './clerk.ts'

// The owners' online loop, rehearsed (`npm run rehearse`): the real editor
// as the publish workflow builds it, the sign-in service on Cloudflare's
// runtime, and a stand-in for GitHub over a real git repository, with the
// pull request check (here the content check, or the build where a test
// looks at the preview) and branch protection as deploy/README.md asks the
// owners to set them. Every expected word comes from the editor's own
// modules; every file is read back from the stand-in's repository.

let rehearsal: Rehearsal
// Each step waits for what it needs; the limits only stop a hang. A check and a publish build run
// inside a test, so three test runs at once on two cores have taken over 8 minutes for one.
const HANG = 1_200_000
test.describe.configure({ mode: 'serial' })
const CONTENT_CHECK = 'npm run check:content'

test.beforeAll(async () => {
  // A copy of the working copy, and a full build of the site, before anything answers. One check
  // at a time: each slot copies the packages (1.5 GB), and checks side by side are the runner's
  // own test (tests/unit/rehearse.test.ts).
  test.setTimeout(HANG)
  const options = { sitePort: await freePort(), checkCommand: CONTENT_CHECK, runners: 1 }
  rehearsal = await startRehearsal(options)
})
test.afterAll(() => rehearsal?.stop())

const day = (offset: number) => {
  const date = new Date(`${todayInNewJersey()}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}
const alert = (id: string, message: string) => ({ id, start: day(0), end: day(3), message })
const BRANCH = 'cms/alerts/alerts'
const REPO = '/repos/rehearsal/bureau-site'

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

/** Drops the change of the alerts file, as deleting its branch on GitHub does (it closes the pull request). */
async function dropChange() {
  await rehearsal.settled()
  const { model } = rehearsal.github
  if (model.branchSha(model.origin, BRANCH)) model.deleteBranch(model.origin, BRANCH)
}

/** The editor's answer to a Save: saved, or a red message (often both at once: the first of them). */
const saveOutcome = (page: Page) =>
  expect(page.getByText('Changes saved').or(lastNotice(page)).first()).toBeVisible({
    timeout: HANG,
  })

test('two people save the same file 0.1 s, 2 s and 8 s apart: each change is in a pull request under its author’s name, or refused in words with its text still on screen', async ({
  browser,
}) => {
  test.setTimeout(1_800_000)
  const { model } = rehearsal.github
  const [clerk, inspector] = await Promise.all([browser.newPage(), browser.newPage()])
  await signIn(clerk, rehearsal, 'clerk')
  await signIn(inspector, rehearsal, 'inspector')
  // Each spacing is made certain by holding the first save's request at that point of its save.
  const spacings = [
    // 0.1 s: both saves under way at once, the first held before it makes its branch.
    { name: '0.1 s', method: 'POST', path: `${REPO}/git/refs`, firstWins: false },
    // 2 s: the first has made its branch, not yet its pull request.
    { name: '2 s', method: 'POST', path: `${REPO}/pulls`, firstWins: true },
    // 8 s: the first's pull request is open, its status label not yet set.
    { name: '8 s', method: 'PUT', path: `${REPO}/issues/`, firstWins: true },
  ]
  for (const { name, method, path, firstWins } of spacings)
    await test.step(name, async () => {
      const alerts = {
        clerk: alert(`clerk-${name[0]}`, 'Office hours change.'),
        inspector: alert(`inspector-${name[0]}`, 'Write to the inspector.'),
      }
      await open(clerk, rehearsal, ALERTS_ENTRY)
      await open(inspector, rehearsal, ALERTS_ENTRY)
      await addAlert(clerk, alerts.clerk)
      await addAlert(inspector, alerts.inspector)
      const held = rehearsal.github.hold((m, p) => m === method && p.startsWith(path))
      await save(clerk)
      await held.reached
      await save(inspector)
      await saveOutcome(inspector)
      held.release()
      await saveOutcome(clerk)

      const [winner, loser] = firstWins
        ? (['clerk', 'inspector'] as const)
        : (['inspector', 'clerk'] as const)
      const pages = { clerk, inspector }
      const pulls = model.pulls.filter((p) => p.state === 'open' && p.head.ref === BRANCH)
      expect(pulls).toHaveLength(1)
      const head = model.store.commitInfo(pulls[0]!.head.sha)
      expect(head.author.name).toBe(model.person(winner).name)
      expect(pulls[0]!.user).toBe(winner)
      expect(alertIds(rehearsal, head.sha)).toContain(alerts[winner].id)
      expect(alertIds(rehearsal, head.sha)).not.toContain(alerts[loser].id)
      await expect(pages[winner].getByText('Changes saved')).toBeVisible()
      await expect(lastNotice(pages[loser])).toContainText(GUARD_WORDS.waiting)
      await expect(lastNotice(pages[loser])).toContainText(GUARD_WORDS.keep)
      await expect(pages[loser].locator('input[id^="id-field-"]').first()).toHaveValue(
        alerts[loser].id
      )
      if (name !== '8 s') await dropChange()
    })

  await test.step('the first saves again: the same pull request takes it; deleting the change closes it', async () => {
    const pull = openPull(rehearsal, BRANCH)!
    const first = pull.head.sha
    await clerk
      .getByRole('button', {
        name: `Show or hide this ${COLLECTIONS.find((c) => c.name === 'alerts')!.list!.singular}`,
      })
      .first()
      .click()
    await type(clerk, 'message', ' Closed on Friday.')
    await saved(clerk)
    expect(pull.head.sha).not.toBe(first)
    expect(fileAt(rehearsal, pull.head.sha, ALERTS_FILE)).toContain(
      'Office hours change. Closed on Friday.'
    )
    await clerk.getByRole('button', { name: 'Delete unpublished changes' }).click()
    await expect(clerk.getByRole('button', { name: 'Delete unpublished changes' })).toHaveCount(0)
    expect(pull.state).toBe('closed')
    expect(model.branchSha(model.origin, BRANCH)).toBeUndefined()
  })
  await rehearsal.settled()
})

test('a check that fails outside the content reads "not in your change", runs again once by itself, and the clerk runs it again', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const { model } = rehearsal.github
  // A unit test that timed out, as the trial saw, quoting an absolute path into the checkout.
  rehearsal.checkCommand =
    'echo "::error file=$PWD/tests/unit/alerts.test.ts,line=3::Test timed out in 5000ms." && exit 1'
  const problems = await signIn(page, rehearsal, 'clerk')
  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(page, alert('drill-night', 'Fire drill on Tuesday night.'))
  await saved(page)
  // Both runs (the check, and its automatic re-run) ended: the entry says so.
  await rehearsal.settled()
  await expect(changePanel(page)).toContainText(CHECK_WORDS.other, { timeout: HANG })
  const pull = openPull(rehearsal, BRANCH)!
  const runs = model.checkRuns.filter((r) => r.sha === pull.head.sha)
  expect(runs.map((r) => [r.attempt, r.conclusion])).toEqual([
    [1, 'failure'],
    [2, 'failure'],
  ])
  expect(runs[1]!.annotations.map((a) => a.path)).toEqual(['tests/unit/alerts.test.ts'])
  await expect(page.locator('body')).not.toContainText('/work')

  await setStatus(page, 'Ready')
  await publish(page)
  await expect(lastNotice(page)).toHaveText(`Not published: ${PUBLISH_WORDS.notYours}`)
  // The red message belongs to this entry: another entry does not show it.
  await page.evaluate(() => (window.location.hash = '#/collections/pages'))
  await expect(page.getByRole('heading', { name: 'Pages' }).first()).toBeVisible()
  await expect(page.locator('.Toastify__toast')).toHaveCount(0)
  await page.goBack()

  rehearsal.checkCommand = 'true'
  await changePanel(page).getByRole('button', { name: LOOP_WORDS.runAgain }).click()
  await expect(changePanel(page)).toContainText(CHECK_WORDS.passed, { timeout: HANG })
  expect(model.latestChecks(pull.head.sha)).toMatchObject([{ attempt: 3, conclusion: 'success' }])
  await dropChange()
  rehearsal.checkCommand = CONTENT_CHECK
  await clean(problems)
})

test('the clerk sees the check and what will change before Publish, views the preview, publishes, and undoes it (and the undo)', async ({
  page,
}) => {
  test.setTimeout(HANG)
  const { model } = rehearsal.github
  // The check builds the site: its build is the preview and the page diff's new side.
  rehearsal.checkCommand = 'npm run build'
  const problems = await signIn(page, rehearsal, 'clerk')
  const original = fileAt(rehearsal, liveSha(rehearsal), ALERTS_FILE)
  const burnBan = alert('burn-ban-rehearsal', 'A burn ban is in effect until further notice.')
  const held = rehearsal.holdChecks()
  await open(page, rehearsal, ALERTS_ENTRY)
  await addAlert(page, burnBan)
  await saved(page)
  const pull = openPull(rehearsal, BRANCH)!

  await test.step('the Workflow card shows the check, kept current, without pressing Publish', async () => {
    // The Workflow screen, by its address (the entry screen has no link to it).
    await page.goto(`${rehearsal.site}/admin/#/workflow`)
    const card = page.locator('[class*="WorkflowCardContainer"]').filter({ hasText: 'Alerts' })
    await expect(card).toContainText(CHECK_WORDS.waiting)
    held.release()
    await expect(card).toContainText(CHECK_WORDS.passed, { timeout: HANG })
    await expect(lastNotice(page)).toHaveText(CHECK_WORDS.passed)
  })

  const diffRun = () => model.latestChecks(pull.head.sha).find((r) => r.name === PAGE_DIFF_CHECK)
  await test.step('the card and the entry say what will change; the preview shows it', async () => {
    await expect.poll(diffRun).toBeDefined()
    const card = page.locator('[class*="WorkflowCardContainer"]').filter({ hasText: 'Alerts' })
    await card.getByText(LOOP_WORDS.changes).click()
    await expect(card.locator('pre').first()).toContainText(`+ ${burnBan.message}`)
    await open(page, rehearsal, ALERTS_ENTRY)
    await changePanel(page).getByText(LOOP_WORDS.changes).click()
    await expect(changePanel(page).locator('pre').first()).toContainText(`+ ${burnBan.message}`)
    const preview = await page.getByRole('link', { name: /View Preview/ }).getAttribute('href')
    const shown = await page.context().newPage()
    await shown.goto(preview!)
    await expect(shown.getByText(burnBan.message).first()).toBeVisible()
    await shown.close()
  })

  await test.step('Publish: the site then holds the lines shown before it', async () => {
    await setStatus(page, 'Ready')
    await publish(page)
    await expect(page.getByText('Entry published')).toBeVisible({ timeout: HANG })
    await rehearsal.settled()
    expect(rehearsal.live.at(-1)).toBe(liveSha(rehearsal))
    const json = /```json\n([\s\S]*)\n```/.exec(diffRun()!.output!.text!)![1]!
    const { changed } = JSON.parse(json) as {
      changed: { route: string; lines: { kind: string; text: string }[] }[]
    }
    expect(changed.length).toBeGreaterThan(0)
    for (const { route, lines } of changed.slice(0, 3)) {
      const live = pageText(await (await fetch(new URL(route, rehearsal.site))).text()).lines
      for (const line of lines.filter((l) => l.kind === 'added')) expect(live).toContain(line.text)
      for (const line of lines.filter((l) => l.kind === 'removed'))
        expect(live).not.toContain(line.text)
    }
  })

  // The undo's check is the content check: it is the site as it was, built already.
  rehearsal.checkCommand = CONTENT_CHECK
  const undoFirst = async (title: RegExp) => {
    await open(page, rehearsal, ALERTS_ENTRY)
    const history = changePanel(page)
    await expect(history.getByRole('heading', { name: LOOP_WORDS.history })).toBeVisible()
    const change = history.getByRole('listitem').filter({ hasText: title }).first()
    await change.getByRole('button', { name: LOOP_WORDS.undo }).click()
    await expect(page.getByRole('button', { name: 'Status: Draft' })).toBeVisible({
      timeout: HANG,
    })
    await expect(changePanel(page)).toContainText(CHECK_WORDS.passed, { timeout: HANG })
    await setStatus(page, 'Ready')
    await publish(page)
    await expect(page.getByText('Entry published')).toBeVisible({ timeout: HANG })
    await rehearsal.settled()
  }
  const home = async () => (await fetch(`${rehearsal.site}/`)).text()

  await test.step('its history shows what it changed; Undo puts the site back', async () => {
    await open(page, rehearsal, ALERTS_ENTRY)
    const item = changePanel(page).getByRole('listitem').first()
    await item.getByText(LOOP_WORDS.whatChanged).click()
    await expect(item.locator('pre').first()).toContainText(`+ ${burnBan.message}`)
    await undoFirst(/.*/)
    expect(fileAt(rehearsal, liveSha(rehearsal), ALERTS_FILE)).toBe(original)
    expect(await home()).not.toContain(burnBan.message)
  })

  await test.step('an undo of the undo puts the change back', async () => {
    await undoFirst(/^.*Undo/)
    expect(alertIds(rehearsal, liveSha(rehearsal))[0]).toBe(burnBan.id)
    expect(await home()).toContain(burnBan.message)
  })
  await clean(problems)
})

test('a volunteer’s proposal from a fork: the clerk sees its changes on its pull-request page and publishes it there, as GitHub’s rules allow', async ({
  browser,
}) => {
  test.setTimeout(HANG)
  const { model } = rehearsal.github
  const volunteer = await browser.newPage()
  const problems = await signIn(volunteer, rehearsal, 'volunteer')
  await volunteer.getByRole('button', { name: 'Fork the repo', exact: true }).click()
  await expect(volunteer.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible()
  const fork = model.repo('volunteer', model.origin.name)
  expect(fork.parent).toBe(model.origin)

  // The volunteer proposes taking the burn ban down.
  await open(volunteer, rehearsal, ALERTS_ENTRY)
  await volunteer
    .getByRole('button', {
      name: `Remove this ${COLLECTIONS.find((c) => c.name === 'alerts')!.list!.singular}`,
    })
    .first()
    .click()
  await saved(volunteer)
  // Nothing in the bureau's repository yet: a draft stays in the fork.
  expect(model.pulls.filter((p) => p.state === 'open')).toEqual([])
  await setStatus(volunteer, 'In review')
  const pull = model.pulls.find((p) => p.state === 'open' && p.head.repo === fork)!
  expect(pull).toMatchObject({ base: 'main', user: 'volunteer' })
  await rehearsal.settled()
  await clean(problems)

  const clerk = await browser.newPage()
  await clerk.goto(`${rehearsal.github.base}/${model.fullName(model.origin)}/pull/${pull.number}`)
  await expect(clerk.getByRole('heading', { level: 1 })).toContainText(`#${pull.number}`)
  await expect(clerk.locator('pre').first()).toContainText(
    /^-.*A burn ban is in effect until further notice\./m
  )
  await clerk.getByRole('button', { name: 'Merge pull request as Volunteer' }).click()
  await expect(clerk.getByRole('heading', { level: 1 })).toHaveText(
    'Not merged: Must have push access to repository'
  )
  await clerk.getByRole('button', { name: 'Merge pull request as Bureau clerk' }).click()
  await expect(clerk.getByText('Merged: clerk merged volunteer’s change')).toBeVisible()
  expect(pull.merged?.by).toBe('clerk')
  await rehearsal.settled()
  expect(await (await fetch(`${rehearsal.site}/`)).text()).not.toContain('A burn ban is in effect')
})

test('one person signs out and another signs in, in the same page; the top bar’s site link is this site', async ({
  page,
}) => {
  test.setTimeout(HANG)
  await signIn(page, rehearsal, 'clerk')
  const site = page.getByRole('link', { name: new URL(rehearsal.site).host })
  await expect(site).toHaveAttribute('href', rehearsal.site)
  await signOut(page)
  await logIn(page, 'inspector')
})

/** Another person's pull request, merged on GitHub's website (main moves; the site is not rebuilt here). */
function mergedChange(path: string, text: string | null, title: string) {
  const { model } = rehearsal.github
  const base = liveSha(rehearsal)
  const tree = model.store.writeTree(base, [
    text === null ? { path, sha: null } : { path, content: text },
  ])
  const person = model.person('inspector')
  const sha = model.store.commit({
    tree,
    parents: [base],
    message: title,
    author: person,
    committer: person,
  })
  model.setBranch(model.origin, 'main', sha, { viaMerge: true })
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
  mergedChange(
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
  await rehearsal.settled()
  const pull = openPull(rehearsal, BRANCH)!
  expect(model.latestChecks(pull.head.sha)).toMatchObject([{ conclusion: 'success' }])

  // Meanwhile a colleague's pull request takes the page away, and is merged.
  mergedChange(page_.file, null, 'Remove the temporary page')
  const live = liveSha(rehearsal)

  // Publish: the change is behind the live site; GitHub brings it up to date and checks it again.
  const before = pull.head.sha
  await publish(page)
  await expect(lastNotice(page)).toHaveText(`Not published: ${PUBLISH_WORDS.updating}`)
  expect(pull.head.sha).not.toBe(before)
  await rehearsal.settled()
  const [check] = model.latestChecks(pull.head.sha)
  expect(check).toMatchObject({ conclusion: 'failure' })
  const mistake = check!.annotations.find(
    (a) => a.annotation_level === 'failure' && a.path === ALERTS_FILE
  )!
  expect(mistake.message).toContain(page_.route)

  // Publish again: refused, with the check's own words, file and line; the live site is untouched.
  await publish(page)
  const found = `${ALERTS_FILE} line ${mistake.start_line}: ${mistake.message}`
  await expect(lastNotice(page)).toContainText(found)
  await expect(changePanel(page)).toContainText(found)
  expect(liveSha(rehearsal)).toBe(live)
  await clean(problems)
})
