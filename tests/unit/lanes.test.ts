import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { laneRunner } from '#tools/ops/lanes.ts'

// npm test's runner, on small stand-in programs instead of npm scripts: the
// first failure stops every step still running, and no later step starts.

const PROGRAMS: Record<string, string> = {
  pass: 'console.log("all good")',
  fail: 'setTimeout(() => { console.error("broken"); process.exit(3) }, 200)',
  // Would run for a minute (and time the test out) unless it is stopped.
  slow: 'setTimeout(() => {}, 60_000)',
  later: 'console.log("should never run")',
}

function runner() {
  const lines: string[] = []
  const pids = new Map<string, number>()
  const lanes = laneRunner(
    (step) => {
      const child = spawn(process.execPath, ['-e', PROGRAMS[step.replace(/-\d$/, '')]!], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      pids.set(step, child.pid!)
      return child
    },
    (line) => lines.push(line)
  )
  return { lanes, lines, pids }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe("npm test's lanes", () => {
  it('run every step when all pass, printing each one whole', async () => {
    const { lanes, lines } = runner()
    const failed = await lanes.run([[['pass-1'], ['pass-2']], [[['pass-3', 'pass-4']]]])
    expect(failed).toBeUndefined()
    expect([...lanes.outcomes.values()]).toEqual(['passed', 'passed', 'passed', 'passed'])
    expect(lines.filter((l) => l === 'all good')).toHaveLength(4)
  })

  it('stop the steps still running at the first failure, and start no later step', async () => {
    const { lanes, lines, pids } = runner()
    const failed = await lanes.run([[['slow'], ['pass', 'fail', 'later-1']], [[['later-2']]]])
    expect(failed).toBe('fail')
    expect(Object.fromEntries(lanes.outcomes)).toEqual({
      pass: 'passed',
      fail: 'failed',
      slow: 'stopped',
    })
    expect(alive(pids.get('slow')!)).toBe(false)
    expect(pids.has('later-1') || pids.has('later-2')).toBe(false)
    expect(lines).toContain('broken')
    expect(lines).toContainEqual(expect.stringMatching(/^test: fail FAILED \(exit 3\) in [\d.]+ s/))
    expect(lines).toContainEqual(expect.stringMatching(/^test: slow stopped \(fail failed\)/))
  })
})
