// The guard step of publish.yml: decides whether this run rebuilds the site
// (tools/ops/schedule.ts) and writes `due=true` or `due=false` to the step's
// outputs ($GITHUB_OUTPUT), so the publish job runs only when it is due.
// It always exits 0 for a valid cron line: not being due is not a failure.
//
// Usage: npm run schedule:due -- "<the cron line that fired, or empty>"
// SCHEDULE_NOW (an ISO date) stands in for the clock, for tests.
import { appendFileSync } from 'node:fs'
import { publishDue } from '#tools/ops/schedule.ts'

const schedule = process.argv[2] ?? ''
const now = process.env.SCHEDULE_NOW ? new Date(process.env.SCHEDULE_NOW) : new Date()

try {
  if (Number.isNaN(now.getTime()))
    throw new Error(`SCHEDULE_NOW "${process.env.SCHEDULE_NOW}" is not a date`)
  const { due, reason } = publishDue(schedule, now)
  console.log(reason)
  console.log(`due=${due}`)
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `due=${due}\n`)
} catch (error) {
  console.error(`schedule:due: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
