// `npm run schedule:due -- "<cron line>"`: publish.yml's two UTC crons (actionlint here refuses
// `timezone:`) fire at 09:00 and 10:00 UTC; only the one at 05:00 in New Jersey publishes. The cron
// line decides, never the clock (GitHub starts runs late). SCHEDULE_NOW stands in for the clock.
import { appendFileSync } from 'node:fs'

const NEW_JERSEY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
})
const PUBLISH_HOUR = '05'

/** Whether a run of publish.yml should rebuild the site, and why, in one sentence. */
export function publishDue(schedule: string | undefined, now: Date) {
  if (!schedule?.trim())
    return { due: true, reason: 'Not a scheduled run (a push or a manual run): publishing.' }
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(schedule.trim().replace(/\s+/g, ' '))
  const [minute, hour] = [Number(daily?.[1]), Number(daily?.[2])]
  if (!daily || minute > 59 || hour > 23)
    throw new Error(
      `"${schedule}" is not a daily cron line of the form "M H * * *" (e.g. "0 9 * * *")`
    )
  const at = new Date(now)
  at.setUTCHours(hour, minute, 0, 0)
  if (at > now) at.setUTCDate(at.getUTCDate() - 1)
  const local = NEW_JERSEY.formatToParts(at)
  const part = (type: string) => local.find((p) => p.type === type)!.value
  const utc = at.toISOString().slice(11, 16)
  const said = `The ${utc} UTC schedule ("${schedule}") is ${part('hour')}:${part('minute')} ${part('timeZoneName')} in New Jersey`
  const due = part('hour') === PUBLISH_HOUR
  const then = due
    ? ': publishing.'
    : `; the site is rebuilt at ${PUBLISH_HOUR}:00 New Jersey time, by the other daily schedule: skipping.`
  return { due, reason: said + then }
}

/** What the step prints and sets, for a cron line and SCHEDULE_NOW (the clock if unset). */
export function dueStep(schedule: string | undefined, nowText = process.env.SCHEDULE_NOW) {
  const now = nowText ? new Date(nowText) : new Date()
  if (Number.isNaN(now.getTime())) throw new Error(`SCHEDULE_NOW "${nowText}" is not a date`)
  const { due, reason } = publishDue(schedule, now)
  return { printed: `${reason}\ndue=${due}`, output: `due=${due}\n` }
}

if (import.meta.main) {
  try {
    const { printed, output } = dueStep(process.argv[2])
    console.log(printed)
    if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, output)
  } catch (error) {
    console.error(`schedule:due: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
