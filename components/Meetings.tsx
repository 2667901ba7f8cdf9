import type { ScheduledMeeting } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { meetingWhen } from '#lib/meetings.ts'
import { CALENDAR_PATH } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

/** "Wednesday, 03/11/26 at 6:30 PM (special meeting), place. Note." */
const Meeting = ({ m }: { m: ScheduledMeeting }) => (
  <>
    <strong>{meetingWhen(m)}</strong>
    {`${m.kind === 'regular' ? '' : ` (${m.kind} meeting)`}, ${m.place}.${m.note ? ` ${m.note}` : ''}`}
  </>
)

/** `@meetings`: the meetings of the Board's annual notice, cancelled ones marked, and the calendar. */
export function MeetingList({ meetings }: { meetings: ScheduledMeeting[] }) {
  return (
    <>
      <ul className="my-6 space-y-3">
        {meetings.map((m) => (
          <li key={`${m.date}-${m.kind}`}>
            {m.cancelled ? 'Cancelled: ' : null}
            <Meeting m={m} />
            {m.remote && !m.cancelled ? (
              <a href={m.remote} className="ml-1">
                Join the {formatDate(m.date)} meeting by video
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {meetings.length ? null : <p>This site does not have the list for this year yet.</p>}
      <p className="my-6 max-w-prose">
        To have these meetings in your calendar, add the calendar{' '}
        <a href={CALENDAR_PATH}>Board meetings (iCalendar file)</a> by its address,{' '}
        <span className="break-all">{new URL(CALENDAR_PATH, SITE_URL).href}</span>, where your
        calendar app offers to add or subscribe to a calendar from the internet. It follows this
        list when it changes.
      </p>
    </>
  )
}

/**
 * `@next-meeting`: the build's answer shows; the later ones wait, hidden, for the browser to show
 * once the earlier have passed (alert-expiry.ts). Without JavaScript the build's answer stands.
 */
export function NextMeeting({ upcoming, usual }: { upcoming: ScheduledMeeting[]; usual: string }) {
  return (
    <div
      data-next-meeting=""
      className="my-6 max-w-prose border-l-8 border-link bg-panel px-4 py-3"
    >
      {upcoming.map((m, i) => (
        <p key={`${m.date}-${m.kind}`} data-meeting-day={m.date} hidden={i > 0}>
          Next Board meeting: <Meeting m={m} />
        </p>
      ))}
      <p data-meeting-none="" hidden={upcoming.length > 0}>
        {`This site does not have the date of the Board's next meeting yet. The Board says it usually meets ${usual}.`}
      </p>
    </div>
  )
}
