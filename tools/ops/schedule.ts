// Which run of the daily publish schedule rebuilds the site. GitHub Actions
// schedules are in UTC, and New Jersey is UTC-5 in winter (EST) and UTC-4 in
// summer (EDT), so publish.yml fires twice a day, at 09:00 and 10:00 UTC, and
// only the run whose time is 05:00 in New Jersey goes on: the 09:00 UTC one on
// daylight-time days, the 10:00 UTC one on standard-time days.
//
// GitHub starts scheduled runs late when it is busy (minutes, sometimes hours),
// so the decision is taken from the cron line that fired, never from the clock:
// the run belongs to the latest time that cron line names at or before now,
// and what counts is the New Jersey hour at that time.

export const TIME_ZONE = 'America/New_York'
/** The local hour (in TIME_ZONE) at which the site is rebuilt. */
export const PUBLISH_HOUR = 5

export type ScheduleDecision = {
  due: boolean
  /** One plain sentence saying why. */
  reason: string
}

/** Minute and hour of a daily cron line ("M H * * *"), or an error. */
export function parseDailyCron(cron: string): { minute: number; hour: number } {
  const fields = cron.trim().split(/\s+/)
  const [minute, hour, ...rest] = fields
  const number = (field: string | undefined, max: number) =>
    field !== undefined && /^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null
  const m = number(minute, 59)
  const h = number(hour, 23)
  if (fields.length !== 5 || m === null || h === null || rest.some((field) => field !== '*')) {
    throw new Error(
      `"${cron}" is not a daily cron line of the form "M H * * *" (for example "0 9 * * *")`
    )
  }
  return { minute: m, hour: h }
}

/** The hour and minute of `instant` in `timeZone`, and whether that zone is on daylight time then. */
export function localTime(instant: Date, timeZone = TIME_ZONE) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? ''
  return {
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    zoneName: part('timeZoneName'),
  }
}

/** The latest time at or before `now` that the daily cron line names (UTC). */
export function firedAt(cron: string, now: Date): Date {
  const { minute, hour } = parseDailyCron(cron)
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute)
  )
  if (at.getTime() > now.getTime()) at.setUTCDate(at.getUTCDate() - 1)
  return at
}

const hhmm = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`

/**
 * Whether a run of publish.yml should rebuild the site. `schedule` is the cron
 * line that started the run (`github.event.schedule`); it is empty for a push
 * or a manual run, which always publish.
 */
export function publishDue(schedule: string | undefined, now: Date): ScheduleDecision {
  if (!schedule?.trim()) {
    return { due: true, reason: 'Not a scheduled run (a push or a manual run): publishing.' }
  }
  const at = firedAt(schedule, now)
  const local = localTime(at)
  const utc = hhmm(at.getUTCHours(), at.getUTCMinutes())
  const nj = `${hhmm(local.hour, local.minute)} ${local.zoneName} in New Jersey`
  if (local.hour === PUBLISH_HOUR) {
    return {
      due: true,
      reason: `The ${utc} UTC schedule ("${schedule}") is ${nj}: publishing.`,
    }
  }
  return {
    due: false,
    reason:
      `The ${utc} UTC schedule ("${schedule}") is ${nj}; the site is rebuilt at ` +
      `${hhmm(PUBLISH_HOUR, 0)} New Jersey time, by the other daily schedule: skipping.`,
  }
}
