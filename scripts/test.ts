// npm test: every check, in the least time. Steps that do not depend on
// each other run side by side in lanes (one step alone leaves a core idle
// much of the time); each step's output is printed whole when it ends, with
// its time. The first failure stops what has not started, and the run fails.
//   lane 1: typecheck, lint (ESLint and the workflows), format check
//   lane 2: unit and component tests
//   lane 3: build
// then, once all three have passed, the export checks and the browser tests
// side by side (both read the build).
import { spawn } from 'node:child_process'

type Lane = string[]

const PLAN: Lane[][] = [
  [['typecheck', 'lint', 'format:check'], ['test:unit'], ['build']],
  [['test:export'], ['test:e2e']],
]

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
let failed: string | undefined

/** Runs `npm run <script>`, keeping its output to print in one piece. */
function runScript(script: string): Promise<boolean> {
  const started = performance.now()
  console.log(`test: ${script} started`)
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString('utf8').trimEnd()
      if (text) console.log(text)
      const ok = code === 0
      console.log(
        `test: ${script} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)}\n`
      )
      resolve(ok)
    })
  })
}

async function runLane(lane: Lane) {
  for (const script of lane) {
    if (failed) return
    if (!(await runScript(script))) failed ??= script
  }
}

const started = performance.now()
for (const phase of PLAN) {
  await Promise.all(phase.map(runLane))
  if (failed) break
}
if (failed) {
  console.error(`test: failed at ${failed} after ${seconds(started)}`)
  process.exit(1)
}
console.log(`test: every check passed in ${seconds(started)}`)
