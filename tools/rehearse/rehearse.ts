// npm run rehearse: the owners' whole online loop on this machine, nothing outside it
// (deploy/README.md, "Rehearsing the online loop").
//   PORT           the site's port (8788)
//   REHEARSE_CHECK the command each pull request's check runs (the quick job of checks.yml)
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parse } from 'yaml'
import { GitStore } from '#tools/rehearse/git-store.ts'
import { GitHubModel, MAIN, type StandInUser } from '#tools/rehearse/github-model.ts'
import { startGitHubStandIn, type GitHubStandIn } from '#tools/rehearse/github-stand-in.ts'
import { annotationsFrom, Runner } from '#tools/rehearse/runner.ts'
import { startPagesDev } from '#tools/serve/cloudflare-dev.ts'
import { FUNCTIONS_DIR } from '#tools/shared/files.ts'

/** Who can sign in: two staff with write access, and one person without (they work in a fork). */
export const REHEARSAL_USERS: StandInUser[] = [
  { login: 'clerk', name: 'Bureau clerk', write: true },
  { login: 'inspector', name: 'Fire inspector', write: true },
  { login: 'volunteer', name: 'Volunteer', write: false },
]
const CLIENT = { clientId: 'rehearsal-client', clientSecret: 'rehearsal-secret' }
const REPOSITORY = { owner: 'rehearsal', name: 'bureau-site' }
const COPIED_BY = { name: 'Rehearsal', email: 'rehearsal@localhost' }

/** The check each pull request gets on GitHub: the quick job of checks.yml, its name and last command. */
export function pullRequestCheck() {
  const workflow = parse(readFileSync('.github/workflows/checks.yml', 'utf8'))
  const { name, steps }: { name: string; steps: { run?: string }[] } = workflow.jobs.quick
  return { name, command: steps.findLast((step) => step.run)!.run! }
}

type Options = { sitePort: number; checkCommand?: string; log?: (line: string) => void }

/** Starts everything, publishes the repository's main once, and resolves when the site answers. */
export async function startRehearsal(options: Options) {
  const root = process.cwd()
  const dir = mkdtempSync(join(tmpdir(), 'rehearsal-'))
  let wrangler: ChildProcess | undefined
  let github: GitHubStandIn | undefined
  const runners: Runner[] = []
  let stopping = false
  const stop = async () => {
    stopping = true
    await Promise.all(runners.map((runner) => runner.stop()))
    await github?.close()
    if (wrangler?.exitCode === null)
      await new Promise((done) => wrangler!.once('exit', done).kill())
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const check = pullRequestCheck()
    const store = GitStore.fromWorkingCopy(join(dir, 'github.git'), root, COPIED_BY)
    const model = new GitHubModel(store, REPOSITORY, REHEARSAL_USERS, [check.name])
    const site = `http://localhost:${options.sitePort}`
    github = await startGitHubStandIn(model, { ...CLIENT, callbackUrl: `${site}/api/callback` })

    // Jobs run as on GitHub's runners: with CI set, and none of this shell's site settings.
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', GITHUB_ACTIONS: 'true' }
    for (const name of Object.keys(env))
      if (/^(SITE_|CONTENT_DIR$|NODE_OPTIONS$|E2E_)/.test(name)) delete env[name]
    const buildEnv = {
      ...env,
      SITE_EDITOR_REPOSITORY: model.fullName(model.origin),
      SITE_EDITOR_API_ROOT: github.origin,
    }
    const checks = new Runner(store, join(dir, 'checks'), root)
    const publisher = new Runner(store, join(dir, 'publish'), root)
    runners.push(checks, publisher)
    const siteDir = join(dir, 'site')
    mkdirSync(siteDir)
    const live: string[] = []
    let newest = ''

    // As publish.yml's concurrency group: one publish at a time, a newer merge replacing one waiting.
    const publish = async (sha: string) => {
      newest = sha
      const result = await publisher.run(sha, 'npm run build', buildEnv, () => sha === newest)
      if (!result || stopping) return
      if (!result.ok) throw new Error(`publishing ${sha.slice(0, 7)} failed:\n${result.output}`)
      publisher.deployTo(siteDir)
      live.push(sha)
      options.log?.(`published ${sha.slice(0, 7)}`)
    }
    model.events = {
      headChanged: (pull) => {
        const run = model.startCheck(pull.head.sha, check.name)
        const finish = (conclusion: 'success' | 'failure' | 'cancelled') =>
          Object.assign(run, { status: 'completed', conclusion })
        // A newer push cancels a check still waiting (checks.yml's concurrency).
        const start = () => {
          if (pull.head.sha === run.sha) run.status = 'in_progress'
          return run.status === 'in_progress'
        }
        void checks.run(run.sha, options.checkCommand ?? check.command, env, start).then((r) => {
          if (!r) return void finish('cancelled')
          run.annotations = annotationsFrom(r.output)
          finish(r.ok ? 'success' : 'failure')
          options.log?.(`check of #${pull.number} (${run.sha.slice(0, 7)}): ${run.conclusion}`)
        })
      },
      merged: (pull) =>
        void publish(pull.merged!.sha).catch((error: Error) => options.log?.(error.message)),
    }

    await publish(model.branchSha(model.origin, MAIN)!)
    wrangler = startPagesDev({
      out: siteDir,
      port: options.sitePort,
      functions: join(root, FUNCTIONS_DIR),
      bindings: {
        GITHUB_CLIENT_ID: CLIENT.clientId,
        GITHUB_CLIENT_SECRET: CLIENT.clientSecret,
        SITE_URL: site,
        GITHUB_BASE_URL: github.origin,
      },
    })
    const answers = () => fetch(site, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined)
    for (let attempt = 0; !(await answers()); attempt++) {
      if (attempt > 600) throw new Error(`the rehearsal site did not answer at ${site}`)
      await sleep(100)
    }
    return {
      site,
      github,
      /** The commits published so far, the last one live. */
      live,
      /** Resolves when every check started so far has finished. */
      checked: () => checks.idle(),
      published: () => publisher.idle(),
      /** Holds new checks as queued (pending) until release() is called. */
      holdChecks: () => checks.hold(),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

export type Rehearsal = Awaited<ReturnType<typeof startRehearsal>>

if (import.meta.main) {
  console.log(
    'rehearse: copying this working copy into the stand-in for GitHub and building the site (a minute or two)…'
  )
  const command = process.env.REHEARSE_CHECK || undefined
  const rehearsal = await startRehearsal({
    sitePort: Number(process.env.PORT ?? 8788),
    checkCommand: command,
    log: (line) => console.log(`rehearse: ${line}`),
  })
  console.log(`
The site editor: ${rehearsal.site}/admin/
The site:        ${rehearsal.site}/
Pull requests and their checks (the stand-in for GitHub): ${rehearsal.github.origin}/

Sign in (press "Login with GitHub") as one of:
${REHEARSAL_USERS.map((u) => `  ${u.login.padEnd(10)} ${u.write ? 'can save, review and publish' : 'no write access: saves go to a fork and a pull request'}`).join('\n')}

Each pull request's check runs "${command ?? pullRequestCheck().command}"; Publish waits for it to pass.
Nothing here reaches GitHub or the live site. Ctrl+C stops and forgets everything.`)
  const stopAll = () => void rehearsal.stop().then(() => process.exit(0))
  process.on('SIGINT', stopAll)
  process.on('SIGTERM', stopAll)
}
