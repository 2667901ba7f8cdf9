// npm test: every check, in the least time. Steps that do not depend on
// each other run side by side in lanes (one step alone leaves a core idle
// much of the time); each step's output is printed whole when it ends, with
// its time. The first failure stops every step still running, and the run
// fails.
//   first, in three lanes: typecheck, lint (ESLint and the workflows) and
//   format check; unit and component tests; the build;
//   then, once those have passed: the export checks and the browser tests.
// (Starting the browser tests as soon as the build is done, beside the unit
// tests, measured slower here: both are CPU-bound on two cores.)
import { spawn, type ChildProcess } from 'node:child_process'

/** A script, or scripts that run side by side. */
type Step = string | string[]

const PHASES: Step[][][] = [
  [['typecheck', 'lint', 'format:check'], ['test:unit'], ['build']],
  [[['test:export', 'test:e2e']]],
]

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const running = new Set<ChildProcess>()
let failed: string | undefined

/** Stops every step still running (each is its own process group). */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}

/** Runs `npm run <script>`, keeping its output to print in one piece. */
function runScript(script: string): Promise<void> {
  if (failed) return Promise.resolve()
  const started = performance.now()
  console.log(`test: ${script} started`)
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    running.add(child)
    const output: Buffer[] = []
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code, signal) => {
      running.delete(child)
      const text = Buffer.concat(output).toString('utf8').trimEnd()
      if (text) console.log(text)
      const stopped = signal !== null && failed !== undefined
      const outcome =
        code === 0 ? 'passed' : stopped ? `stopped (${failed} failed)` : `FAILED (exit ${code})`
      console.log(`test: ${script} ${outcome} in ${seconds(started)}\n`)
      if (code !== 0 && !stopped && !failed) {
        failed = script
        stopAll()
      }
      resolve()
    })
  })
}

async function runLane(lane: Step[]) {
  for (const step of lane) {
    if (failed) return
    await (Array.isArray(step) ? Promise.all(step.map(runScript)) : runScript(step))
  }
}

process.on('SIGINT', () => {
  failed ??= 'interrupted'
  stopAll()
})

const started = performance.now()
for (const lanes of PHASES) {
  if (failed) break
  await Promise.all(lanes.map(runLane))
}
if (failed) {
  console.error(`test: failed at ${failed} after ${seconds(started)}`)
  process.exit(1)
}
console.log(`test: every check passed in ${seconds(started)}`)
