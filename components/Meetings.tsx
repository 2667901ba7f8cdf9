import type { ScheduledMeeting } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { meetingWhen } from '#lib/meetings.ts'
import { CALENDAR_PATH } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

const kindWords = (m: ScheduledMeeting) => (m.kind === 'regular' ? '' : ` (${m.kind} meeting)`)

/** `@meetings`: the year's meetings from the annual notice, by year, cancelled ones marked. */
export function MeetingList({ meetings }: { meetings: ScheduledMeeting[] }) {
  const years = [...new Set(meetings.map((m) => m.date.slice(0, 4)))]
  const calendar = new URL(CALENDAR_PATH, SITE_URL).href
  return (
    <>
      {meetings.length === 0 ? (
        <p className="my-6">This site does not have the list for this year yet.</p>
      ) : null}
      {years.map((year) => (
        <section key={year} className="my-6" aria-labelledby={`meetings-${year}`}>
          <h3 id={`meetings-${year}`} className="text-xl font-bold text-brand-dark">
            Meetings in {year}
          </h3>
          <ul className="mt-3 space-y-3">
            {meetings
              .filter((m) => m.date.startsWith(year))
              .map((m) => (
                <li key={`${m.date}-${m.kind}`}>
                  {m.cancelled ? <strong>Cancelled: </strong> : null}
                  <span className={m.cancelled ? 'line-through' : 'font-semibold'}>
                    {meetingWhen(m)}
                  </span>
                  {kindWords(m)}, {m.place}.{m.note ? ` ${m.note}` : null}
                  {m.remote && !m.cancelled ? (
                    <>
                      {' '}
                      <a href={m.remote}>Join the {formatDate(m.date)} meeting by video</a>.
                    </>
                  ) : null}
                </li>
              ))}
          </ul>
        </section>
      ))}
      <p className="my-6 max-w-prose">
        To have these meetings in your calendar, add the calendar{' '}
        <a href={CALENDAR_PATH}>Board meetings (iCalendar file)</a> by its address, {calendar},
        where your calendar app offers to add or subscribe to a calendar from the internet. It
        follows this list when it changes.
      </p>
    </>
  )
}

/**
 * `@next-meeting`: the build's answer shows; the later ones wait, hidden, for the browser to show
 * once the earlier have passed (lib/browser-scripts/alert-expiry.ts). Without JavaScript the
 * build's answer stands.
 */
export function NextMeeting({ upcoming, usual }: { upcoming: ScheduledMeeting[]; usual: string }) {
  return (
    <div
      data-next-meeting=""
      className="my-6 max-w-prose border-l-8 border-link bg-panel px-4 py-3"
    >
      {upcoming.map((m, i) => (
        <p key={`${m.date}-${m.kind}`} data-meeting-day={m.date} hidden={i > 0}>
          <strong>Next Board meeting: {meetingWhen(m)}</strong>
          {kindWords(m)}, {m.place}.{m.note ? ` ${m.note}` : null}
        </p>
      ))}
      <p data-meeting-none="" hidden={upcoming.length > 0}>
        {`This site does not have the date of the Board's next meeting yet. The Board says it usually meets ${usual}.`}
      </p>
    </div>
  )
}
