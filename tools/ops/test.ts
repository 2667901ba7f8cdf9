// npm test: every check, in the least time. Steps that do not depend on
// each other run side by side in lanes (one step alone leaves a core idle
// much of the time); each step's output is printed whole when it ends, with
// its time. The first failure stops every step still running, and the run
// fails (tools/ops/lanes.ts).
//   first, in three lanes: typecheck, lint (ESLint and the workflows) and
//   format check; unit and component tests; the build;
//   then, once those have passed: the export checks and the browser tests.
// (Starting the browser tests as soon as the build is done, beside the unit
// tests, measured slower here: both are CPU-bound on two cores.)
import { spawn } from 'node:child_process'
import { laneRunner, type Phase } from '#tools/ops/lanes.ts'

const PHASES: Phase[] = [
  [['typecheck', 'lint', 'format:check'], ['test:unit'], ['build']],
  [[['test:export', 'test:e2e']]],
]

const lanes = laneRunner((script) =>
  spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
)
process.on('SIGINT', () => lanes.interrupt())

const started = performance.now()
const failed = await lanes.run(PHASES)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (failed) {
  console.error(`test: failed at ${failed} after ${seconds} s`)
  process.exit(1)
}
console.log(`test: every check passed in ${seconds} s`)
