import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { GitStore } from '#tools/rehearse/git-store.ts'
import type { Annotation } from '#tools/rehearse/github-model.ts'

// What GitHub Actions does in the rehearsal: a runner is a folder where a
// commit of the stand-in's repository is checked out, with the project's
// installed packages beside it, and a command runs there, one job at a
// time, as a job of a workflow would. Its output is read for the workflow
// commands (`::error file=…,line=…::…`) that GitHub turns into
// annotations on the pull request.

export type JobResult = { ok: boolean; output: string }

/** The annotations a job's output asks for, as the Actions runner reads them. */
export function annotationsFrom(output: string): Annotation[] {
  const unescape = (text: string) =>
    text
      .replaceAll('%0D', '\r')
      .replaceAll('%0A', '\n')
      .replaceAll('%3A', ':')
      .replaceAll('%2C', ',')
      .replaceAll('%25', '%')
  return output.split('\n').flatMap((line) => {
    const match = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line.trim())
    if (!match) return []
    const props = Object.fromEntries(
      (match[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((p) => p.split('=', 2).map((s) => unescape(s)) as [string, string])
    )
    const level = match[1] === 'error' ? 'failure' : match[1] === 'warning' ? 'warning' : 'notice'
    return [
      {
        path: props.file ?? '',
        line: Number(props.line ?? 1),
        level,
        title: props.title ?? '',
        message: unescape(match[3]!),
      },
    ]
  })
}

export class Runner {
  private queue: Promise<unknown> = Promise.resolve()
  private running: ChildProcess | undefined
  private stopped = false
  readonly store: GitStore
  readonly workTree: string
  private readonly index: string

  /** A runner in `dir`, with `packagesFrom`'s node_modules (hard links: no copy of the bytes). */
  constructor(store: GitStore, dir: string, packagesFrom: string) {
    this.store = store
    this.workTree = join(dir, 'work')
    this.index = join(dir, 'index')
    mkdirSync(this.workTree, { recursive: true })
    execFileSync('cp', [
      '-al',
      join(packagesFrom, 'node_modules'),
      join(this.workTree, 'node_modules'),
    ])
  }

  /** Runs `command` on a checkout of `sha`, after the jobs before it; `before` may skip it. */
  run(
    sha: string,
    command: string,
    env: NodeJS.ProcessEnv,
    before?: () => boolean
  ): Promise<JobResult | undefined> {
    const job = this.queue.then(async () => {
      if (this.stopped || (before && !before())) return undefined
      this.store.checkout(sha, this.workTree, this.index)
      return this.exec(command, env)
    })
    this.queue = job.catch(() => undefined)
    return job
  }

  /** Resolves once every job queued so far has finished. */
  idle = () => this.queue.then(() => undefined)

  private exec(command: string, env: NodeJS.ProcessEnv): Promise<JobResult> {
    return new Promise((resolve) => {
      // In its own process group, so that stop() ends the command and everything it started.
      const child = spawn('sh', ['-c', command], {
        cwd: this.workTree,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      this.running = child
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}` }))
      child.on('close', (code) => {
        this.running = undefined
        resolve({ ok: code === 0, output })
      })
    })
  }

  /** Ends the job running now and skips those waiting. */
  stop() {
    this.stopped = true
    try {
      if (this.running?.pid) process.kill(-this.running.pid, 'SIGTERM')
    } catch {
      // It ended on its own meanwhile.
    }
    return this.idle()
  }

  /** Moves the runner's built site (out/) to `siteDir` in one step, as a deploy replaces the site. */
  deployTo(siteDir: string) {
    const built = join(this.workTree, 'out')
    if (!existsSync(built)) throw new Error('the build left no out/ folder')
    const old = `${siteDir}.old`
    rmSync(old, { recursive: true, force: true })
    if (existsSync(siteDir)) renameSync(siteDir, old)
    renameSync(built, siteDir)
    rmSync(old, { recursive: true, force: true })
  }
}
