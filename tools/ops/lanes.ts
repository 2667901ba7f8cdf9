// How `npm test` runs its steps (tools/ops/test.ts): phases one after the
// other; in a phase, lanes side by side; in a lane, steps one after the
// other (a step that is a list runs its parts side by side). Each step's
// output is printed whole when it ends, with its time. The first failure
// stops every step still running (each is its own process group) and no
// later step starts.
import type { ChildProcess } from 'node:child_process'

/** A step, or steps that run side by side. */
export type Step = string | string[]
/** Lanes that run side by side, each a list of steps. */
export type Phase = Step[][]
export type Outcome = 'passed' | 'failed' | 'stopped'

/**
 * A runner for phases of steps. `start` starts one step as a detached
 * process (its own process group) with piped output; `log` prints a line.
 */
export function laneRunner(
  start: (step: string) => ChildProcess,
  log: (line: string) => void = console.log
) {
  const running = new Set<ChildProcess>()
  const outcomes = new Map<string, Outcome>()
  let failed: string | undefined
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

  function stopAll() {
    for (const child of running) {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }

  function runStep(step: string): Promise<void> {
    if (failed) return Promise.resolve()
    const started = performance.now()
    log(`test: ${step} started`)
    return new Promise((resolve) => {
      const child = start(step)
      running.add(child)
      const output: Buffer[] = []
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
      child.on('close', (code, signal) => {
        running.delete(child)
        const text = Buffer.concat(output).toString('utf8').trimEnd()
        if (text) log(text)
        const outcome: Outcome =
          code === 0 ? 'passed' : signal !== null && failed !== undefined ? 'stopped' : 'failed'
        outcomes.set(step, outcome)
        const said =
          outcome === 'passed'
            ? 'passed'
            : outcome === 'stopped'
              ? `stopped (${failed} failed)`
              : `FAILED (exit ${code})`
        log(`test: ${step} ${said} in ${seconds(started)}\n`)
        if (outcome === 'failed' && !failed) {
          failed = step
          stopAll()
        }
        resolve()
      })
    })
  }

  async function runLane(lane: Step[]) {
    for (const step of lane) {
      if (failed) return
      await (Array.isArray(step) ? Promise.all(step.map(runStep)) : runStep(step))
    }
  }

  return {
    outcomes,
    /** Runs the phases; resolves with the first step that failed, if any. */
    async run(phases: Phase[]): Promise<string | undefined> {
      for (const lanes of phases) {
        if (failed) break
        await Promise.all(lanes.map(runLane))
      }
      return failed
    },
    /** Stops every step still running, as a failure would (Ctrl-C). */
    interrupt() {
      failed ??= 'interrupted'
      stopAll()
    },
  }
}
