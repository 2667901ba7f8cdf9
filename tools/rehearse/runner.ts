import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { isAbsolute, join, relative } from 'node:path'
import type { Annotation } from '#site-editor/checks.ts'
import type { GitStore } from '#tools/rehearse/git-store.ts'

// GitHub Actions in the rehearsal: `slots` jobs side by side, each slot a clone of the stand-in's
// repository (as actions/checkout makes) beside its own copy of the project's packages (never a
// link to the working copy's: a job's scripts change only the slot's), run with a cleaned
// environment; a job started again under its key (a newer push) cancels the one running or
// waiting; `::error` lines become annotations, their paths relative to the repository.

/** A port of localhost free now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
const git = (...args: string[]) => promisify(execFile)('git', args)
const unescape = (text: string) => text.replace(/%(0D|0A|3A|2C|25)/g, decodeURIComponent)

/** The annotations a job's output asks for, as the Actions runner reads them: a path in the
 * checkout made relative to it, any other absolute path dropped. */
export function annotationsFrom(output: string, workTree = '/'): Annotation[] {
  return output.split('\n').flatMap((line) => {
    const match = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line.trim())
    if (!match) return []
    const pairs = (match[2] ?? '').split(',').map((p) => p.split('=', 2).map(unescape))
    const props = Object.fromEntries(pairs) as Record<string, string | undefined>
    const file = props.file ?? ''
    const path = isAbsolute(file) ? relative(workTree, file) : file
    return {
      path: path.startsWith('..') || isAbsolute(path) ? '' : path,
      start_line: Number(props.line ?? 1),
      annotation_level: match[1] === 'error' ? 'failure' : match[1]!,
      title: props.title ?? '',
      message: unescape(match[3]!),
    }
  })
}

export type JobResult = { ok: boolean; output: string; workTree: string }
/** `started` when the command starts; `ended` in the slot once it ends (not if cancelled), before
 * another job may use the slot or idle() resolves. */
type Env = Record<string, string>
type Hooks = { started?: () => void; ended?: (result: JobResult) => unknown }
type Job = {
  key: string
  sha: string
  command: string
  env: Env
  hooks: Hooks
  done: (result: JobResult | undefined) => void
  child?: ChildProcess
  cancelled?: boolean
}

export class Runner {
  private readonly waiting: Job[] = []
  private readonly running = new Set<Job>()
  private readonly free: string[] = []
  private slots = 0
  private held: Promise<void> | undefined
  private idleWaiters: (() => void)[] = []
  private stopped = false
  private readonly slot: { store: GitStore; dir: string; packagesFrom: string; max: number }

  constructor(store: GitStore, dir: string, packagesFrom: string, max = 1) {
    this.slot = { store, dir, packagesFrom, max }
  }

  /** Runs `command` on a checkout of `sha` in a free slot; undefined if cancelled before it ended. */
  run(key: string, sha: string, command: string, env: Env, hooks: Hooks = {}) {
    if (this.stopped) return Promise.resolve(undefined)
    for (const job of [...this.waiting, ...this.running]) if (job.key === key) this.cancel(job)
    return new Promise<JobResult | undefined>((done) => {
      this.waiting.push({ key, sha, command, env, hooks, done })
      void this.next()
    })
  }

  private cancel(job: Job) {
    job.cancelled = true
    const waiting = this.waiting.indexOf(job)
    if (waiting >= 0) this.waiting.splice(waiting, 1)
    if (!job.child) return job.done(undefined)
    try {
      process.kill(-job.child.pid!, 'SIGTERM')
    } catch {
      // It ended on its own meanwhile.
    }
  }

  private async next(): Promise<void> {
    await this.held
    if (this.stopped || this.waiting.length === 0) return this.settle()
    if (this.free.length === 0 && this.slots >= this.slot.max) return
    const job = this.waiting.shift()!
    this.running.add(job)
    const slot = this.free.pop() ?? (await this.makeSlot())
    const workTree = join(slot, 'work')
    let result: JobResult | undefined
    if (!job.cancelled) {
      await git('-C', workTree, 'checkout', '--quiet', '--force', '--detach', job.sha)
      // Next's build cache stays, as checks.yml keeps it with actions/cache (here per slot; on
      // GitHub a pull request starts from main's).
      await git('-C', workTree, 'clean', '-dfxq', '-e', '/node_modules', '-e', '/.next/cache')
      if (!job.cancelled) {
        job.hooks.started?.()
        result = await this.exec(job, slot, workTree, [await freePort(), await freePort()])
      }
      if (result && !job.cancelled) job.hooks.ended?.(result)
    }
    this.running.delete(job)
    this.free.push(slot)
    job.done(job.cancelled ? undefined : result)
    return this.next()
  }

  /** Makes every slot now (each copies the project's packages, a heavy disk job) rather than
   * when the first jobs start, in the middle of someone's work. */
  async prepare() {
    const made = await Promise.all(
      Array.from({ length: this.slot.max - this.slots }, () => this.makeSlot())
    )
    this.free.push(...made)
    made.forEach(() => void this.next())
  }

  private async makeSlot() {
    const { store, dir, packagesFrom } = this.slot
    const slot = join(dir, `slot-${++this.slots}`)
    mkdirSync(join(slot, 'home'), { recursive: true })
    mkdirSync(join(slot, 'tmp'))
    const workTree = join(slot, 'work')
    await git('clone', '--quiet', '--shared', '--no-checkout', store.dir, workTree)
    await promisify(execFile)('cp', ['-R', join(packagesFrom, 'node_modules'), workTree])
    // Next's build cache as the working copy has it, as a check on GitHub starts from main's.
    if (existsSync(join(packagesFrom, '.next', 'cache'))) {
      mkdirSync(join(workTree, '.next'))
      await promisify(execFile)('cp', [
        '-R',
        join(packagesFrom, '.next', 'cache'),
        join(workTree, '.next'),
      ])
    }
    return slot
  }

  /** The command in its own process group (so that a cancel ends all it started), with only the
   * environment a runner gives, its errors in line with its output as a job's log shows them. */
  private exec(job: Job, slot: string, workTree: string, [site, editor]: number[]) {
    const env = {
      // The browser tests' servers, on ports of this job's own (two jobs run side by side).
      E2E_PORT: String(site),
      SITE_EDITOR_E2E_PORT: String(editor),
      PATH: process.env.PATH ?? '',
      LANG: 'C.UTF-8',
      HOME: join(slot, 'home'),
      TMPDIR: join(slot, 'tmp'),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      npm_config_update_notifier: 'false',
      ...job.env,
    }
    // (execFile would not start it in a group of its own.) At the lowest priority: on GitHub a
    // check runs on a machine of its own, and never slows the clerk's editor or the stand-in.
    const child = spawn('nice', ['-n', '19', 'sh', '-c', `exec 2>&1\n${job.command}`], {
      cwd: workTree,
      env: env as Env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    job.child = child
    const output: Buffer[] = []
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (c: Buffer) => output.push(c))
    return new Promise<JobResult>((resolve) =>
      child.on('close', (code) =>
        resolve({ ok: code === 0, output: Buffer.concat(output).toString('utf8'), workTree })
      )
    )
  }

  private settle() {
    if (this.running.size || this.waiting.length) return
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  /** Holds the jobs that have not started until release() is called. */
  hold() {
    let release = () => {}
    this.held = new Promise<void>((done) => (release = done))
    return {
      release: () => {
        release()
        this.held = undefined
        for (let i = 0; i < this.slot.max; i++) void this.next()
      },
    }
  }

  /** Resolves once every job queued so far, and every job they queued, has finished. */
  idle(): Promise<void> {
    if (!this.running.size && !this.waiting.length) return Promise.resolve()
    return new Promise((done) => this.idleWaiters.push(done))
  }

  /** Ends the jobs running and skips those waiting. */
  stop() {
    this.stopped = true
    for (const job of [...this.waiting, ...this.running]) this.cancel(job)
    this.settle()
    return this.idle()
  }
}
