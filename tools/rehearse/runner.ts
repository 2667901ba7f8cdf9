import { execFile, execFileSync, type ChildProcess } from 'node:child_process'
import { renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { GitStore } from '#tools/rehearse/git-store.ts'

// GitHub Actions in the rehearsal: one job at a time, in a clone of the stand-in's repository (as
// actions/checkout makes) beside the project's packages; `::error` lines become annotations.

const unescape = (text: string) => text.replace(/%(0D|0A|3A|2C|25)/g, decodeURIComponent)

/** The annotations a job's output asks for, as the Actions runner reads them. */
export function annotationsFrom(output: string) {
  return output.split('\n').flatMap((line) => {
    const match = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line.trim())
    if (!match) return []
    const pairs = (match[2] ?? '').split(',').map((p) => p.split('=', 2).map(unescape))
    const props = Object.fromEntries(pairs) as Record<string, string | undefined>
    return {
      path: props.file ?? '',
      line: Number(props.line ?? 1),
      level: match[1] === 'error' ? 'failure' : (match[1] as 'warning' | 'notice'),
      title: props.title ?? '',
      message: unescape(match[3]!),
    }
  })
}

export type Annotation = ReturnType<typeof annotationsFrom>[number]

export class Runner {
  private queue: Promise<unknown> = Promise.resolve()
  private running: ChildProcess | undefined
  private stopped = false
  private readonly workTree: string

  /** A runner in `dir`: a clone sharing the store's objects, with hard links to the packages. */
  constructor(store: GitStore, dir: string, packagesFrom: string) {
    this.workTree = join(dir, 'work')
    execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', store.dir, this.workTree])
    const packages = join(packagesFrom, 'node_modules')
    execFileSync('cp', ['-al', packages, join(this.workTree, 'node_modules')])
  }

  /** Runs `command` on a checkout of `sha` after the jobs before it, unless `start` says no. */
  run(sha: string, command: string, env: NodeJS.ProcessEnv, start = () => true) {
    const job = this.queue.then(() => {
      if (this.stopped || !start()) return undefined
      execFileSync('git', ['-C', this.workTree, 'checkout', '--quiet', '--force', '--detach', sha])
      // In its own process group, so that stop() ends the command and everything it started; its
      // errors in line with its output, as a job's log shows them.
      const options = { cwd: this.workTree, env, detached: true, maxBuffer: 1 << 30 }
      return new Promise<{ ok: boolean; output: string }>((resolve) => {
        this.running = execFile('sh', ['-c', `exec 2>&1\n${command}`], options, (error, output) =>
          resolve({ ok: !error, output })
        )
      })
    })
    this.queue = job.catch(() => undefined)
    return job
  }

  /** Holds the jobs queued from now on until release() is called. */
  hold() {
    let release = () => {}
    const gate = new Promise<void>((done) => (release = done))
    this.queue = this.queue.then(() => gate)
    return { release }
  }

  /** Resolves once every job queued so far, and every job they queued, has finished. */
  async idle(): Promise<void> {
    const queue = this.queue
    await queue
    if (queue !== this.queue) return this.idle()
  }

  /** Ends the job running now and skips those waiting. */
  stop() {
    this.stopped = true
    try {
      if (this.running?.exitCode === null) process.kill(-this.running.pid!, 'SIGTERM')
    } catch {
      // It ended on its own meanwhile.
    }
    return this.idle()
  }

  /** Moves the runner's built site (out/) to `siteDir`, as a deploy replaces the site. */
  deployTo(siteDir: string) {
    renameSync(siteDir, `${siteDir}.old`)
    renameSync(join(this.workTree, 'out'), siteDir)
    rmSync(`${siteDir}.old`, { recursive: true, force: true })
  }
}
