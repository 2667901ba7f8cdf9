// npm run rehearse: the owners' whole online loop on this machine, nothing outside it
// (deploy/README.md, "Rehearsing the online loop").
//   PORT             the site's port (8788)
//   REHEARSE_CHECK   the command each pull request's check runs (the check job of checks.yml)
//   REHEARSE_RUNNERS how many checks run side by side (2)
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parse } from 'yaml'
import { checkState, PAGE_DIFF_CHECK, PREVIEW_CONTEXT } from '#site-editor/checks.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { GitStore } from '#tools/rehearse/git-store.ts'
import { GitHubModel, MAIN, type Pull, type StandInUser } from '#tools/rehearse/github-model.ts'
import { startGitHubStandIn, type GitHubStandIn } from '#tools/rehearse/github-stand-in.ts'
import { annotationsFrom, Runner, type JobResult } from '#tools/rehearse/runner.ts'
import { diffExports } from '#tools/review/diff-pages.ts'
import { pageDiffOutput } from '#tools/review/preview.ts'
import { startPagesDev } from '#tools/serve/cloudflare-dev.ts'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'
import { filesIn, FUNCTIONS_DIR, exportOf } from '#tools/shared/files.ts'
import { fetchPageDates } from '#tools/ops/publish-dates.ts'
import { bundleSiteEditor, siteEditorSettings } from '#tools/site-editor/bundle.ts'

/** Who can sign in: two staff with write access, and one person without (they work in a fork). */
export const REHEARSAL_USERS: StandInUser[] = [
  { login: 'clerk', name: 'Bureau clerk', write: true },
  { login: 'inspector', name: 'Fire inspector', write: true },
  { login: 'volunteer', name: 'Volunteer', write: false },
]
const REPOSITORY = { owner: 'rehearsal', name: 'bureau-site' }
const COPIED_BY = { name: 'Rehearsal', email: 'rehearsal@localhost' }

/** The check each pull request waits for here: the quick job of checks.yml, its name and command
 * (the full jobs, all of npm test for a code change, would take many minutes on this computer). */
export function pullRequestCheck() {
  const workflow = parse(readFileSync('.github/workflows/checks.yml', 'utf8'))
  const { name, steps }: { name: string; steps: { run?: string }[] } = workflow.jobs.quick
  return { name, command: steps.find((step) => step.run?.includes('check:pull-request'))!.run! }
}

type Options = {
  sitePort: number
  checkCommand?: string
  runners?: number
  log?: (line: string) => void
  signal?: AbortSignal
}

/** Serves a built site on a free port of localhost, as a host serves a static deployment. */
async function serveStatic(root: string, servers: Server[]) {
  const server = createServer(createStaticHandler(root, headersFromExport(root)))
  servers.push(server)
  await once(server.listen(0, '127.0.0.1'), 'listening')
  return `http://localhost:${(server.address() as AddressInfo).port}/`
}

/** Starts everything, publishes the repository's main once, and resolves when the site answers. */
export async function startRehearsal(options: Options) {
  const root = process.cwd()
  const dir = mkdtempSync(join(tmpdir(), 'rehearsal-'))
  const log = options.log ?? (() => {})
  let wrangler: ChildProcess | undefined
  let github: GitHubStandIn | undefined
  const servers: Server[] = []
  const runners: Runner[] = []
  const stop = async () => {
    await Promise.all(runners.map((runner) => runner.stop()))
    await github?.close()
    for (const server of servers) server.close().closeAllConnections()
    if (wrangler?.exitCode === null)
      await new Promise((done) => wrangler!.once('exit', done).kill())
    // Its copies of the packages are large: removed after this process ends, not before.
    spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref()
  }
  // Stopped while starting: what runs now (a build) ends at once.
  options.signal?.addEventListener('abort', () => void stop())
  try {
    const check = pullRequestCheck()
    const site = `http://localhost:${options.sitePort}`
    // This run's own secrets: the path the stand-in answers under, and the OAuth app's secret.
    const [secret, clientSecret] = [0, 0].map(() => randomBytes(24).toString('base64url'))
    const store = GitStore.fromWorkingCopy(join(dir, 'github.git'), root, COPIED_BY)
    const model = new GitHubModel(store, REPOSITORY, REHEARSAL_USERS, [check.name])
    const app = {
      clientId: 'rehearsal-client',
      clientSecret: clientSecret!,
      callbackUrl: `${site}/api/callback`,
    }
    github = await startGitHubStandIn(model, app, { secret: secret!, siteOrigin: site })
    const checks = new Runner(store, join(dir, 'checks'), root, options.runners ?? 2)
    // Main's builds (the site, and each pull request's page-diff base), apart from pull requests' code.
    const trusted = new Runner(store, join(dir, 'trusted'), root)
    runners.push(checks, trusted)

    // Builds by tree: the same files are built once. A check's build is its pull request's
    // preview and, merged as it is, the site; main's build is the next pull request's base.
    const built = (tree: string) => (existsSync(join(dir, tree)) ? join(dir, tree) : undefined)
    const keep = (tree: string) => (result: JobResult) => {
      const out = join(result.workTree, 'out')
      if (result.ok && !built(tree) && existsSync(join(out, 'index.html')))
        renameSync(out, join(dir, tree))
    }
    const builds = new Map<string, Promise<string | undefined>>()
    const failures = new Map<string, string>()
    const dates = join(dir, 'page-dates.json')
    const buildOf = (sha: string) => {
      const tree = store.resolve(sha, 'tree')!
      if (!built(tree) && !builds.has(tree))
        builds.set(
          tree,
          // As publish.yml: the rehearsal site's page dates, when it answers.
          fetchPageDates(site, dates)
            .then((got) =>
              trusted.run(tree, sha, 'npm run build', got ? { PUBLISHED_PAGE_DATES: dates } : {}, {
                ended: keep(tree),
              })
            )
            .then((r) => {
              if (r && !r.ok) {
                failures.set(tree, r.output.slice(-3000))
                log(`the build of ${sha.slice(0, 7)} failed:\n${failures.get(tree)}`)
              }
              return built(tree)
            })
        )
      return builds.get(tree) ?? Promise.resolve(built(tree))
    }

    // The editor, built once with this run's settings, in every build the rehearsal site serves.
    const siteDir = join(dir, 'site')
    const editorDir = join(dir, 'editor')
    const publish = async (sha: string) => {
      const out = await buildOf(sha)
      const why = failures.get(store.resolve(sha, 'tree')!) ?? ''
      if (!out) throw new Error(`publishing ${sha.slice(0, 7)} failed: it did not build\n${why}`)
      if (!existsSync(editorDir)) {
        const name = /^name: (.*)$/m.exec(store.git(['show', `${sha}:content/data/site.yaml`]))
        const env = {
          SITE_EDITOR_REPOSITORY: model.fullName(model.origin),
          SITE_EDITOR_API_ROOT: github!.base,
        }
        const settings = siteEditorSettings(env, { name: name?.[1] ?? 'Site', baseUrl: SITE_URL })
        const styles = filesIn(out)
          .filter((f) => f.endsWith('.css'))
          .map((f) => `/${f}`)
        await bundleSiteEditor(editorDir, settings, styles)
      }
      rmSync(`${siteDir}.new`, { recursive: true, force: true })
      cpSync(out, `${siteDir}.new`, { recursive: true })
      rmSync(join(`${siteDir}.new`, 'admin'), { recursive: true, force: true })
      cpSync(join(editorDir, 'admin'), join(`${siteDir}.new`, 'admin'), { recursive: true })
      rmSync(siteDir, { recursive: true, force: true })
      renameSync(`${siteDir}.new`, siteDir)
      live.push(sha)
      log(`published ${sha.slice(0, 7)}`)
    }
    const live: string[] = []
    // As publish.yml's concurrency group: one publish at a time, in order.
    let publishing = Promise.resolve()

    // A pull request's checks.yml run, then what preview.yml does with it (none of its code).
    const rehearsal = { checkCommand: options.checkCommand ?? check.command }
    const followUps = new Set<Promise<unknown>>()
    const follow = (work: Promise<unknown>) => {
      followUps.add(work)
      void work.catch((error: Error) => log(error.message)).finally(() => followUps.delete(work))
    }
    const runCheck = (pull: Pull, attempt = 1): void => {
      const base = model.baseSha(pull)
      const tree = store.mergedTree(base, pull.head.sha)
      // GitHub checks the pull request merged into its base; nothing while they conflict.
      if (!tree) return
      const message = `Merge ${pull.head.sha} into ${base}`
      const merge = model.commitByGitHub(tree, [base, pull.head.sha], message, pull.user)
      const run = model.startCheck(pull.head.sha, check.name, attempt)
      const ended = (result: JobResult) => {
        keep(tree)(result)
        run.annotations = annotationsFrom(result.output, result.workTree)
        Object.assign(run, { status: 'completed', conclusion: result.ok ? 'success' : 'failure' })
        log(`check of #${pull.number} (${run.sha.slice(0, 7)}): ${run.conclusion}`)
        // preview.yml's retry job: a check that could not finish runs once more by itself.
        if (
          checkState([{ ...run, conclusion: run.conclusion! }], run.annotations).state === 'other'
        )
          if (attempt === 1) runCheck(pull, 2)
          else
            log(
              `the check of #${pull.number} could not finish twice: the maintainers' issue says so`
            )
        else if (built(tree)) follow(preview(run.sha, base, built(tree)!))
      }
      const job = { started: () => (run.status = 'in_progress'), ended }
      void checks
        .run(`#${pull.number}`, merge, rehearsal.checkCommand, { BASE: base }, job)
        // Cancelled before it ended (a newer push); an ended run keeps its result (its re-run,
        // started as it ends, cancels nothing of it).
        .then((result) => {
          if (!result && run.status !== 'completed')
            Object.assign(run, { status: 'completed', conclusion: 'cancelled' })
        })
    }
    // preview.yml: the page diff against main's build, and the built files on their own origin.
    const preview = async (sha: string, base: string, files: string) => {
      const before = await buildOf(base)
      if (!before) return
      const output = pageDiffOutput(diffExports(before, files))
      const done = { status: 'completed', conclusion: 'neutral', output } as const
      Object.assign(model.startCheck(sha, PAGE_DIFF_CHECK), done)
      const target_url = await serveStatic(files, servers)
      const description = 'The built site with this change'
      model.statuses.push({
        sha,
        context: PREVIEW_CONTEXT,
        state: 'success',
        target_url,
        description,
      })
    }
    model.events = {
      headChanged: (pull) => void runCheck(pull),
      rerun: (run) => {
        const pull = model.pulls.find((p) => p.state === 'open' && p.head.sha === run.sha)
        if (pull) void runCheck(pull, run.attempt + 1)
      },
      merged: (pull) => follow((publishing = publishing.then(() => publish(pull.merged!.sha)))),
    }

    // The working copy's files as the rehearsal copied them: the tracked ones only. Where its own
    // export is that commit's build today (npm run build says so), main is not built again.
    const main = model.branchSha(model.origin, MAIN)!
    const tree = store.resolve(main, 'tree')!
    const prebuilt = exportOf(root, tree, todayInNewJersey())
    if (prebuilt) cpSync(prebuilt, join(dir, tree), { recursive: true })
    const first = publish(main).catch((error: Error) => {
      throw new Error(
        `${error.message}\nThe rehearsal copies only the files git tracks: \`git add\` a new file first.`
      )
    })
    await Promise.all([first, checks.prepare()])
    options.signal?.throwIfAborted()
    wrangler = startPagesDev({
      out: siteDir,
      port: options.sitePort,
      functions: join(root, FUNCTIONS_DIR),
      bindings: {
        GITHUB_CLIENT_ID: app.clientId,
        GITHUB_CLIENT_SECRET: app.clientSecret,
        SITE_URL: site,
        GITHUB_BASE_URL: github.base,
      },
    })
    const answers = () => fetch(site, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined)
    for (let attempt = 0; !(await answers()); attempt++) {
      options.signal?.throwIfAborted()
      if (attempt > 600) throw new Error(`the rehearsal site did not answer at ${site}`)
      await sleep(100)
    }
    return Object.assign(rehearsal, {
      site,
      github,
      /** The commits published so far, the last one live. */
      live,
      /** Resolves when every check started so far, and all that follows it, has finished. */
      settled: async function settled(): Promise<void> {
        await checks.idle()
        if (followUps.size === 0) return
        await Promise.allSettled(followUps)
        return settled()
      },
      /** Holds new checks as queued (pending) until release() is called. */
      holdChecks: () => checks.hold(),
      stop,
    })
  } catch (error) {
    await stop()
    throw error
  }
}

export type Rehearsal = Awaited<ReturnType<typeof startRehearsal>>

if (import.meta.main) {
  const stopping = new AbortController()
  // Ctrl+C, at any moment (from the first line on): everything stops and is forgotten, with a
  // word, never a stack trace.
  process.on('SIGINT', stopAll).on('SIGTERM', stopAll)
  function stopAll() {
    stopping.abort()
    void starting
      .then(
        (rehearsal) => rehearsal.stop(),
        () => {}
      )
      .then(() => {
        console.log('rehearse: stopped; everything it made is gone.')
        process.exit(0)
      })
  }
  console.log(
    'rehearse: copying this working copy’s tracked files into the stand-in for GitHub and building the site (a minute or two)…'
  )
  const starting = startRehearsal({
    sitePort: Number(process.env.PORT ?? 8788),
    checkCommand: process.env.REHEARSE_CHECK || undefined,
    runners: Number(process.env.REHEARSE_RUNNERS || 2),
    log: (line) => console.log(`rehearse: ${line}`),
    signal: stopping.signal,
  })
  const rehearsal = await starting.catch((error: Error) => {
    if (stopping.signal.aborted) return new Promise<never>(() => {})
    console.error(`rehearse: could not start: ${error.message}`)
    return process.exit(1)
  })
  console.log(`
The site editor: ${rehearsal.site}/admin/ (sign in as ${REHEARSAL_USERS.map((u) => u.login).join(', ')})
The stand-in for GitHub, its pull requests and checks: ${rehearsal.github.base}/
Each pull request's check runs "${rehearsal.checkCommand}" as you, on this computer.
Nothing here reaches GitHub or the live site. Ctrl+C stops and forgets everything.`)
}
