import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentPage } from '#components/PageShell.tsx'
import { showNextMeeting } from '#lib/browser-scripts/alert-expiry.ts'
import { checkContent } from '#lib/content/index.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { formatDate } from '#lib/dates.ts'
import { pageFrame } from '#lib/page-frame.ts'
import { fixtureCopy, page, put } from '#tests/helpers/content.ts'
import { registries } from './fixture-content.ts'

// The next Board meeting is decided at the build for its day, and again in the browser (as alerts
// are), so a page built on Monday still shows the right meeting on Thursday. Without JavaScript
// the build's answer stands. Expected values come from the test content's schedule.

const open = registries.schedule.filter((m) => !m.cancelled)
const usual = registries.facts['board-meetings'] as string

/** The page with `@next-meeting`, built for `day`, in the document. */
function builtOn(day: string) {
  const dir = fixtureCopy()
  put(
    dir,
    'pages/meeting.md',
    page(
      'route: /meeting\ntitle: Meetings\ndescription: When the board meets, for the tests of the next meeting.\nsection: district',
      '@next-meeting'
    )
  )
  const content = checkContent(readContentSource(dir), day).content!
  const meeting = content.byRoute.get('/meeting')!
  document.body.innerHTML = renderToStaticMarkup(
    <ContentPage page={meeting} frame={pageFrame(content, meeting.route, meeting.blocks)} />
  )
}

/** The text of the next-meeting box as a person sees it. */
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('[data-next-meeting] > p')]
    .filter((p) => !p.hidden)
    .map((p) => p.textContent)
    .join(' ')

// The page is put in the document by hand: other test files share it.
afterEach(() => document.body.replaceChildren())

describe('the next meeting', () => {
  it('is the build day’s next meeting without JavaScript, a cancelled one skipped', () => {
    builtOn(open[0]!.date)
    expect(shown()).toContain(`Next Board meeting:`)
    expect(shown()).toContain(formatDate(open[0]!.date))
    const cancelled = registries.schedule.find((m) => m.cancelled)!
    builtOn(cancelled.date)
    expect(shown()).not.toContain(formatDate(cancelled.date))
    expect(shown()).toContain(formatDate(open.find((m) => m.date > cancelled.date)!.date))
  })

  it('moves on in the browser once a meeting has passed, without a rebuild', () => {
    builtOn(open[0]!.date)
    showNextMeeting(document, open[0]!.date)
    expect(shown()).toContain(formatDate(open[0]!.date))
    const dayAfter = new Date(Date.parse(open[0]!.date) + 86_400_000).toISOString().slice(0, 10)
    showNextMeeting(document, dayAfter)
    expect(shown()).not.toContain(formatDate(open[0]!.date))
    expect(shown()).toContain(formatDate(open[1]!.date))
  })

  it('says the date is not here yet, with the usual schedule, once none is left', () => {
    builtOn(open.at(-1)!.date)
    showNextMeeting(document, '2099-01-01')
    expect(shown()).toBe(
      `This site does not have the date of the Board's next meeting yet. The Board says it usually meets ${usual}.`
    )
    builtOn('2099-01-01')
    expect(shown()).toContain(`usually meets ${usual}`)
  })
})
