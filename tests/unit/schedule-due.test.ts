import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dueStep, publishDue } from '#tools/ops/schedule-due.ts'

// publish.yml fires at 09:00 and 10:00 UTC every day; only the run that is
// 05:00 in New Jersey rebuilds the site.
const EDT_CRON = '0 9 * * *'
const EST_CRON = '0 10 * * *'
const due = (cron: string, iso: string) => publishDue(cron, new Date(iso)).due

describe('publishDue', () => {
  it('lets the 09:00 UTC run publish on a summer (daylight-time) day, not the 10:00 one', () => {
    expect(due(EDT_CRON, '2026-07-15T09:00:00Z')).toBe(true)
    expect(due(EST_CRON, '2026-07-15T10:00:00Z')).toBe(false)
  })

  it('lets the 10:00 UTC run publish on a winter (standard-time) day, not the 09:00 one', () => {
    expect(due(EDT_CRON, '2026-01-15T09:00:00Z')).toBe(false)
    expect(due(EST_CRON, '2026-01-15T10:00:00Z')).toBe(true)
  })

  it('switches to the 09:00 UTC run on 2026-03-08, the day daylight time starts (02:00 local)', () => {
    expect(due(EST_CRON, '2026-03-07T10:00:00Z')).toBe(true)
    expect(due(EDT_CRON, '2026-03-07T09:00:00Z')).toBe(false)
    expect(due(EDT_CRON, '2026-03-08T09:00:00Z')).toBe(true)
    expect(due(EST_CRON, '2026-03-08T10:00:00Z')).toBe(false)
  })

  it('switches to the 10:00 UTC run on 2026-11-01, the day daylight time ends (02:00 local)', () => {
    expect(due(EDT_CRON, '2026-10-31T09:00:00Z')).toBe(true)
    expect(due(EST_CRON, '2026-10-31T10:00:00Z')).toBe(false)
    expect(due(EDT_CRON, '2026-11-01T09:00:00Z')).toBe(false)
    expect(due(EST_CRON, '2026-11-01T10:00:00Z')).toBe(true)
  })

  it('decides by the cron line that fired, not the clock, when GitHub starts the run late', () => {
    // 40 minutes late: the clock says 05:40 EST / 06:40 EDT, the schedule is what counts.
    expect(due(EDT_CRON, '2026-01-15T09:40:00Z')).toBe(false)
    expect(due(EST_CRON, '2026-01-15T10:40:00Z')).toBe(true)
    expect(due(EDT_CRON, '2026-07-15T09:40:00Z')).toBe(true)
    expect(due(EST_CRON, '2026-07-15T10:40:00Z')).toBe(false)
    // The 09:00 run started after the 10:00 one would have: still due in summer.
    expect(due(EDT_CRON, '2026-07-15T10:05:00Z')).toBe(true)
    // Hours late, past midnight UTC: it still belongs to the day it was scheduled for.
    expect(due(EST_CRON, '2026-03-08T02:30:00Z')).toBe(true) // the run of 03-07
    expect(due(EDT_CRON, '2026-11-02T01:00:00Z')).toBe(false) // the run of 11-01
  })

  it('gives exactly one publishing run a day, every day of 2026 and 2027, however late', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      for (const delay of [0, 40, 180]) {
        const at = (hour: number) => new Date(day + hour * 3_600_000 + delay * 60_000)
        const runs = [publishDue(EDT_CRON, at(9)).due, publishDue(EST_CRON, at(10)).due]
        expect(runs.filter(Boolean), new Date(day).toISOString()).toHaveLength(1)
      }
    }
  })

  it('says why, naming the New Jersey time', () => {
    expect(publishDue(EDT_CRON, new Date('2026-07-15T09:02:00Z')).reason).toBe(
      'The 09:00 UTC schedule ("0 9 * * *") is 05:00 EDT in New Jersey: publishing.'
    )
    expect(publishDue(EDT_CRON, new Date('2026-01-15T09:02:00Z')).reason).toMatch(
      /is 04:00 EST in New Jersey; the site is rebuilt at 05:00 New Jersey time, by the other daily schedule: skipping\.$/
    )
  })

  it('always publishes a push or a manual run (no schedule)', () => {
    for (const schedule of [undefined, '', '  ']) {
      expect(publishDue(schedule, new Date('2026-01-15T15:00:00Z')).due).toBe(true)
    }
  })
})

describe('the cron line', () => {
  it('is read as minute and hour of a daily schedule', () => {
    expect(publishDue(' 0  10 * * * ', new Date('2026-01-15T10:00:00Z')).due).toBe(true)
    expect(publishDue('30 9 * * *', new Date('2026-07-15T09:45:00Z')).reason).toContain(
      'The 09:30 UTC schedule ("30 9 * * *") is 05:30 EDT'
    )
  })

  it('is refused when it is not daily or not a time', () => {
    for (const cron of ['*/5 * * * *', '0 9 * * 1', '0 24 * * *', '60 9 * * *', '0 9 * *', 'x']) {
      expect(() => publishDue(cron, new Date()), cron).toThrow(/is not a daily cron line/)
    }
  })
})

describe('npm run schedule:due', () => {
  function run(schedule: string, now?: string) {
    const output = join(mkdtempSync(join(tmpdir(), 'due-')), 'github-output')
    const result = spawnSync('npm', ['run', '--silent', 'schedule:due', '--', schedule], {
      encoding: 'utf8',
      env: { ...process.env, GITHUB_OUTPUT: output, ...(now ? { SCHEDULE_NOW: now } : {}) },
    })
    let written = ''
    try {
      written = readFileSync(output, 'utf8')
    } catch {}
    return { ...result, written }
  }

  it('writes due=true to the step outputs for the run that publishes, and exits 0', () => {
    const { status, stdout, written } = run(EST_CRON, '2026-11-01T10:12:00Z')
    expect(status).toBe(0)
    expect(stdout).toContain('05:00 EST in New Jersey: publishing.')
    expect(written).toBe('due=true\n')
  })

  // The rest call what the command prints and writes.
  it('writes due=false for the other run', () => {
    const { printed, output } = dueStep(EDT_CRON, '2026-11-01T09:12:00Z')
    expect(printed).toContain('skipping')
    expect(output).toBe('due=false\n')
  })

  it('writes due=true for a push or manual run (an empty schedule)', () => {
    expect(dueStep('').output).toBe('due=true\n')
  })

  it('fails on a cron line it cannot read, or a clock that is not a date', () => {
    expect(() => dueStep('*/5 * * * *')).toThrow('"*/5 * * * *" is not a daily cron line')
    expect(() => dueStep(EST_CRON, 'soon')).toThrow('SCHEDULE_NOW "soon" is not a date')
  })
})
