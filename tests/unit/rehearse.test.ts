import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkState, type CheckRun } from '#site-editor/checks.ts'
import { siteEditorSettings } from '#tools/site-editor/bundle.ts'
import { GitStore } from '#tools/rehearse/git-store.ts'
import { committedTree, exportOf, writeBuiltFrom } from '#tools/shared/files.ts'
import {
  GitHubModel,
  merge,
  mergeableState,
  updateBranch,
  type Pull,
} from '#tools/rehearse/github-model.ts'
import { startGitHubStandIn, type GitHubStandIn } from '#tools/rehearse/github-stand-in.ts'
import { pullRequestCheck } from '#tools/rehearse/rehearse.ts'
import { annotationsFrom, Runner } from '#tools/rehearse/runner.ts'

// The rehearsal's stand-in for GitHub (tools/rehearse/) answers as GitHub
// does where the clerk's path depends on it: branch protection's refusals
// and their words, the fast-forward rule, the annotations a check's output
// asks for, and its runner runs jobs as GitHub Actions does. It is as safe as
// the real thing: it copies tracked files only, answers nothing without its
// per-run secret or to another Host or origin, and a job's scripts cannot
// change the working copy's packages. Over a real git repository.

const CHECK = 'quick (content, unit tests, build)'
let dir: string
let work: string
let model: GitHubModel

/** A commit on top of `base` that puts one file. */
function change(base: string, path: string, text: string): string {
  const tree = model.store.writeTree(base, [{ path, content: text }])
  return model.store.commit({
    tree,
    parents: [base],
    message: `Put ${path}`,
    author: model.person('clerk'),
    committer: model.person('clerk'),
  })
}
const main = () => model.branchSha(model.origin, 'main')!

/** A pull request from a new branch holding one change. */
function pullWith(branch: string, path: string, text: string): Pull {
  model.setBranch(model.origin, branch, change(main(), path, text), { create: true })
  return model.createPull(model.origin, 'clerk', { title: branch, head: branch, base: 'main' })
}
function finish(pull: Pull, conclusion: string) {
  Object.assign(model.startCheck(pull.head.sha, CHECK), { status: 'completed', conclusion })
}
const git = (...args: string[]) => execFileSync('git', ['-C', work, ...args], { encoding: 'utf8' })

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stand-in-'))
  work = join(dir, 'work')
  mkdirSync(join(work, 'content'), { recursive: true })
  mkdirSync(join(work, 'node_modules', 'yaml'), { recursive: true })
  writeFileSync(join(work, 'content', 'a.md'), 'a\n')
  writeFileSync(join(work, 'content', 'b.md'), 'b\n')
  writeFileSync(join(work, 'README.md'), 'r\n')
  writeFileSync(join(work, 'node_modules', 'yaml', 'index.js'), 'export default 1\n')
  git('init', '--quiet')
  git('add', 'content', 'README.md')
  // A change not yet committed goes in; a file git does not track (a .env) does not.
  writeFileSync(join(work, 'README.md'), 'r, changed\n')
  writeFileSync(join(work, '.env'), 'TOKEN=secret\n')
  const store = GitStore.fromWorkingCopy(join(dir, 'store.git'), work, {
    name: 'Test',
    email: 't@localhost',
  })
  model = new GitHubModel(
    store,
    { owner: 'bureau', name: 'site' },
    [
      { login: 'clerk', name: 'Clerk', write: true },
      { login: 'visitor', name: 'Visitor', write: false },
    ],
    [CHECK]
  )
})
afterAll(() => rmSync(dir))
const rmSync = (path: string) => execFileSync('rm', ['-rf', path])

describe('the copy of the working copy', () => {
  it('holds the tracked files as they are now, never an untracked one', () => {
    const files = model.store.git(['ls-tree', '-r', '--name-only', main()]).split('\n')
    expect(files).toEqual(['README.md', 'content/a.md', 'content/b.md'])
    expect(model.store.git(['show', `${main()}:README.md`])).toBe('r, changed')
  })
})

describe('the working copy’s own export, published unbuilt', () => {
  it('is used only where npm run build said it is exactly the commit’s build, and that day', () => {
    const repo = join(dir, 'built')
    mkdirSync(join(repo, 'out'), { recursive: true })
    writeFileSync(join(repo, 'a.md'), 'a\n')
    writeFileSync(join(repo, '.gitignore'), '/build/\n/out/\n.env*\n')
    const inRepo = (...args: string[]) => execFileSync('git', ['-C', repo, ...args])
    inRepo('init', '--quiet')
    inRepo('add', 'a.md', '.gitignore')
    inRepo('-c', 'user.name=T', '-c', 'user.email=t@localhost', 'commit', '--quiet', '-m', 'a')
    // What the build writes, which git ignores.
    const written = (path: string) => path === 'build/' || path === 'out/'
    const tree = committedTree(repo, written)!
    expect(tree).toBe(inRepo('rev-parse', 'HEAD^{tree}').toString().trim())
    writeFileSync(join(repo, 'out', 'index.html'), '<!doctype html>')
    writeBuiltFrom(repo, { tree, day: '2026-03-02' })
    expect(exportOf(repo, tree, '2026-03-02')).toBe(join(repo, 'out'))
    expect(committedTree(repo, written)).toBe(tree)
    expect(exportOf(repo, tree, '2026-03-03')).toBeUndefined()
    expect(exportOf(repo, main(), '2026-03-02')).toBeUndefined()
    // A change not committed, a file git does not track, or one it ignores that the build does
    // not write (a .env.local, which Next loads), is no commit's build.
    writeFileSync(join(repo, 'a.md'), 'changed\n')
    expect(committedTree(repo, written)).toBeUndefined()
    inRepo('checkout', '--quiet', 'a.md')
    writeFileSync(join(repo, 'new.md'), 'new\n')
    expect(committedTree(repo, written)).toBeUndefined()
    rmSync(join(repo, 'new.md'))
    writeFileSync(join(repo, '.env.local'), 'CONTENT_DIR=/elsewhere\n')
    expect(committedTree(repo, written)).toBeUndefined()
    rmSync(join(repo, '.env.local'))
    expect(committedTree(repo, written)).toBe(tree)
    // No export, or no record of one: nothing to publish unbuilt.
    rmSync(join(repo, 'out'))
    expect(exportOf(repo, tree, '2026-03-02')).toBeUndefined()
    writeBuiltFrom(repo, undefined)
    expect(exportOf(repo, tree, '2026-03-02')).toBeUndefined()
  })
})

describe('the stand-in’s own reading and writing of git objects', () => {
  it('writes the trees and commits git writes, and reads the graph as git does', () => {
    const { store } = model
    const base = main()
    const changes = [
      { path: 'content/a.md', content: 'changed\n' },
      { path: 'content/new/deep/c.md', content: 'c\n' },
      { path: 'run.sh', mode: '100755', content: '#!/bin/sh\n' },
      // Sorted before the folder content/, as git orders a tree.
      { path: 'content.md', content: 'beside\n' },
      { path: 'content/b.md', sha: null },
      { path: 'content/none/x.md', sha: null },
    ]
    const tree = store.writeTree(base, changes)
    // git's own answer: the same change through an index.
    const env = { ...process.env, GIT_INDEX_FILE: join(dir, 'check-index') }
    const inStore = (args: string[], input = '') =>
      execFileSync('git', [`--git-dir=${store.dir}`, ...args], { env, input, encoding: 'utf8' })
    inStore(['read-tree', base])
    const info = changes.map(({ path, mode = '100644', sha, content }) =>
      sha === null
        ? `0 ${'0'.repeat(40)}\t${path}\0`
        : `${mode} ${inStore(['hash-object', '-w', '--stdin'], content).trim()}\t${path}\0`
    )
    inStore(['update-index', '-z', '--index-info'], info.join(''))
    expect(tree).toBe(inStore(['write-tree']).trim())
    expect(store.lsTree(tree, false)).toEqual(
      store.lsTree(tree, true).filter((e) => !e.path?.includes('/'))
    )

    const author = { name: 'Clerk <x>', email: 'clerk@localhost', date: '2026-11-28T12:00:00Z' }
    const side = store.commit({
      tree,
      parents: [base],
      message: 'Side\n\nBody',
      author,
      committer: author,
    })
    const other = change(base, 'content/a.md', 'other\n')
    const both = store.commit({
      tree,
      parents: [side, other],
      message: 'Both',
      author,
      committer: author,
    })
    const dated = { GIT_AUTHOR_DATE: author.date, GIT_COMMITTER_DATE: author.date }
    const who = { GIT_AUTHOR_NAME: 'Clerk x', GIT_AUTHOR_EMAIL: author.email }
    const byGit = execFileSync('git', [`--git-dir=${store.dir}`, 'commit-tree', tree, '-p', base], {
      env: {
        ...process.env,
        ...dated,
        ...who,
        GIT_COMMITTER_NAME: 'Clerk x',
        GIT_COMMITTER_EMAIL: author.email,
      },
      input: 'Side\n\nBody',
      encoding: 'utf8',
    })
    expect(side).toBe(byGit.trim())
    const broken = { ...author, date: 'yesterday, about noon' }
    expect(() =>
      store.commit({ tree, parents: [], message: 'x', author: broken, committer: author })
    ).toThrow(/invalid date/)
    inStore(['fsck', '--strict', '--no-dangling'])
    expect(store.commitInfo(side)).toMatchObject({
      tree,
      parents: [base],
      author: { name: 'Clerk x', email: author.email, date: author.date },
      message: 'Side\n\nBody',
    })
    expect(store.resolve(`${side}:content/new`, 'tree')).toBe(
      inStore(['rev-parse', `${side}:content/new`]).trim()
    )
    expect(store.resolve(`${side}:content/b.md`, 'blob')).toBeUndefined()
    expect(store.mergeBase(other, both)).toBe(inStore(['merge-base', other, both]).trim())
    expect(store.mergeBase(side, other)).toBe(base)
    const after = change(other, 'content/b.md', 'after\n')
    expect(store.mergeBase(both, after)).toBe(other)
    expect([store.isAncestor(base, both), store.isAncestor(both, base)]).toEqual([true, false])
    expect(
      store
        .commitsBetween(base, both)
        .map((c) => c.sha)
        .sort()
    ).toEqual(
      inStore(['rev-list', `${base}..${both}`])
        .trim()
        .split('\n')
        .sort()
    )
    expect(store.commitsBetween(base, both).at(-1)!.sha).toBe(both)
  })
})

// Each test runs git many times: on a busy machine, seconds each.
describe('branch protection in the stand-in', { timeout: 120_000 }, () => {
  it('refuses a merge while the required check is missing, then while it fails, in GitHub’s words', () => {
    const pull = pullWith('cms/one', 'content/a.md', 'one\n')
    const squash = () => merge(model, pull, 'clerk', { merge_method: 'squash' })
    expect(squash).toThrow(`Required status check "${CHECK}" is expected.`)
    finish(pull, 'failure')
    expect(squash).toThrow(`Required status check "${CHECK}" is failing.`)
    expect(mergeableState(model, pull)).toBe('blocked')
    finish(pull, 'success')
    const before = main()
    expect(squash()).toMatchObject({ merged: true })
    // A squash: one new commit on main, whose parent is main as it was.
    expect(model.store.commitInfo(main()).parents).toEqual([before])
    expect(model.store.git(['show', `${main()}:content/a.md`])).toBe('one')
  })

  it('counts a skipped or neutral required check as passed, and a cancelled or timed-out one as failing, as GitHub does', () => {
    for (const [conclusion, passes] of [
      ['skipped', true],
      ['neutral', true],
      ['cancelled', false],
      ['timed_out', false],
    ] as const) {
      const pull = pullWith(`cms/${conclusion}`, 'content/b.md', `${conclusion}\n`)
      finish(pull, conclusion)
      expect(mergeableState(model, pull), conclusion).toBe(passes ? 'clean' : 'blocked')
      model.close(pull)
    }
  })

  it('counts a passed check as not reported on a branch behind main, until the branch is brought up to date', () => {
    const pull = pullWith('cms/two', 'content/b.md', 'two\n')
    finish(pull, 'success')
    pullWith('cms/three', 'README.md', 'three\n')
    const other = model.pulls.at(-1)!
    finish(other, 'success')
    merge(model, other, 'clerk', {})
    expect(mergeableState(model, pull)).toBe('behind')
    expect(() => merge(model, pull, 'clerk', {})).toThrow(
      `Required status check "${CHECK}" is expected.`
    )
    const head = pull.head.sha
    updateBranch(model, pull, 'clerk', head)
    expect(pull.head.sha).not.toBe(head)
    expect(model.store.isAncestor(main(), pull.head.sha)).toBe(true)
    // The new head has no check yet.
    expect(() => merge(model, pull, 'clerk', {})).toThrow(/is expected/)
  })

  it('refuses any change to main that is not a merge, a push that is not a fast forward, and a merge by someone without write access', () => {
    expect(() =>
      model.setBranch(model.origin, 'main', change(main(), 'content/a.md', 'x\n'))
    ).toThrow('Changes must be made through a pull request.')
    model.setBranch(model.origin, 'cms/four', change(main(), 'content/a.md', 'four\n'), {
      create: true,
    })
    expect(() =>
      model.setBranch(model.origin, 'cms/four', change(main(), 'content/a.md', 'other\n'))
    ).toThrow('Update is not a fast forward')
    expect(() =>
      model.setBranch(model.origin, 'cms/four', change(main(), 'content/a.md', 'x\n'), {
        create: true,
      })
    ).toThrow('Reference already exists')
    const pull = model.createPull(model.origin, 'clerk', {
      title: 'four',
      head: 'cms/four',
      base: 'main',
    })
    finish(pull, 'success')
    expect(() => merge(model, pull, 'visitor', {})).toThrow('Must have push access to repository')
    expect(() => merge(model, pull, 'clerk', { sha: 'f'.repeat(40) })).toThrow(
      'Head branch was modified'
    )
  })
})

describe('a change’s check in one state (site-editor/checks.ts)', () => {
  const run = (status: string, conclusion: string | null = null): CheckRun => ({
    id: 1,
    name: CHECK,
    status,
    conclusion,
  })
  const note = (path: string, level = 'failure') => ({
    path,
    start_line: 3,
    annotation_level: level,
    message: 'links to "/gone"',
  })

  it('is waiting, running or passed as GitHub reports the runs; skipped and neutral pass', () => {
    expect(checkState([]).state).toBe('waiting')
    expect(checkState([run('queued')]).state).toBe('waiting')
    expect(checkState([run('in_progress'), run('completed', 'success')]).state).toBe('running')
    for (const conclusion of ['success', 'skipped', 'neutral'])
      expect(checkState([run('completed', conclusion)]).state).toBe('passed')
  })

  it('failed in the content only where a failure annotation is on a file in content/', () => {
    const failed = [run('completed', 'failure')]
    expect(checkState(failed, [note('content/data/alerts.yaml')])).toEqual({
      state: 'content',
      mistakes: ['content/data/alerts.yaml line 3: links to "/gone"'],
    })
    for (const notes of [[], [note('tests/unit/x.test.ts')], [note('content/a.md', 'warning')]])
      expect(checkState(failed, notes).state).toBe('other')
    for (const conclusion of [
      'cancelled',
      'timed_out',
      'action_required',
      'startup_failure',
      'stale',
    ])
      expect(checkState([run('completed', conclusion)]).state, conclusion).toBe('other')
  })
})

describe('the rehearsal’s check', { timeout: 120_000 }, () => {
  it('is the quick job of checks.yml, and its ::error lines become annotations, paths relative to the repository', () => {
    expect(pullRequestCheck()).toEqual({
      name: CHECK,
      command: 'npm run check:pull-request -- quick',
    })
    expect(
      annotationsFrom(
        'content ok\n::error file=content/data/alerts.yaml,line=5,title=Content error::links to "/gone%2C now"%0Asecond line\n::error file=/slot/work/tests/x.test.ts,line=9::Test timed out\n::error file=/home/me/.npm/x.js::outside\n::notice file=a.md::fyi',
        '/slot/work'
      )
    ).toEqual([
      {
        path: 'content/data/alerts.yaml',
        start_line: 5,
        annotation_level: 'failure',
        title: 'Content error',
        message: 'links to "/gone, now"\nsecond line',
      },
      {
        path: 'tests/x.test.ts',
        start_line: 9,
        annotation_level: 'failure',
        title: '',
        message: 'Test timed out',
      },
      { path: '', start_line: 1, annotation_level: 'failure', title: '', message: 'outside' },
      { path: 'a.md', start_line: 1, annotation_level: 'notice', title: '', message: 'fyi' },
    ])
  })

  it('runs in a git checkout of the commit beside a copy of the packages, with a cleaned environment; a job’s scripts cannot change the working copy’s packages', async () => {
    const runner = new Runner(model.store, join(dir, 'runner'), work)
    const later = change(main(), 'content/c.md', 'c')
    process.env.REHEARSAL_TEST_SECRET = 'from the shell'
    const job = await runner.run(
      'one',
      later,
      'git rev-parse HEAD && git ls-files && echo "${REHEARSAL_TEST_SECRET:-none}" && echo evil > node_modules/yaml/index.js',
      {}
    )
    delete process.env.REHEARSAL_TEST_SECRET
    expect(job?.output).toBe(
      `${later}\nREADME.md\ncontent/a.md\ncontent/b.md\ncontent/c.md\nnone\n`
    )
    expect(readFileSync(join(work, 'node_modules', 'yaml', 'index.js'), 'utf8')).toBe(
      'export default 1\n'
    )
    await runner.stop()
  })

  it('runs two jobs side by side, and a newer one under the same key cancels the one running', async () => {
    const runner = new Runner(model.store, join(dir, 'side-by-side'), work, 2)
    const fifo = join(dir, 'gate')
    execFileSync('mkfifo', [fifo])
    // The first waits on the pipe until the second writes to it: only side by side do both end.
    const first = runner.run('a', main(), `read line < ${fifo}; echo "got $line"`, {})
    const second = runner.run('b', main(), `echo go > ${fifo}`, {})
    expect((await first)?.output).toBe('got go\n')
    expect((await second)?.ok).toBe(true)
    let started = () => {}
    const running = new Promise<void>((done) => (started = done))
    const old = runner.run('pr', main(), 'sleep 600', {}, { started })
    await running
    const newer = runner.run('pr', main(), 'echo newer', {})
    expect(await old).toBeUndefined()
    expect((await newer)?.output).toBe('newer\n')
    await runner.stop()
  })

  it('is built with the stand-in’s address only from this machine (SITE_EDITOR_API_ROOT)', () => {
    expect(siteEditorSettings({ SITE_EDITOR_API_ROOT: 'http://localhost:4000' }).apiRoot).toBe(
      'http://localhost:4000'
    )
    expect(siteEditorSettings({}).apiRoot).toBeUndefined()
    expect(() => siteEditorSettings({ SITE_EDITOR_API_ROOT: 'http://evil.example' })).toThrow(
      /SITE_EDITOR_API_ROOT/
    )
  })
})

describe('the stand-in, to what is not the rehearsal', { timeout: 120_000 }, () => {
  let github: GitHubStandIn
  const SITE = 'http://localhost:8788'
  beforeAll(async () => {
    const app = { clientId: 'id', clientSecret: 'app-secret', callbackUrl: `${SITE}/api/callback` }
    github = await startGitHubStandIn(model, app, { secret: 'run-secret', siteOrigin: SITE })
  })
  afterAll(() => github.close())

  /** A request as any local process can make it: its own Host and Origin headers. */
  const ask = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((done) => {
      const port = new URL(github.origin).port
      const options = {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { Host: `localhost:${port}`, ...headers },
      }
      request(options, async (response) => {
        const body = Buffer.concat(await response.toArray()).toString('utf8')
        done({ status: response.statusCode!, headers: response.headers, body })
      }).end()
    })
  const tree = () => `/repos/bureau/site/git/trees/main?recursive=1`

  it('answers under its per-run secret path, and nothing without it', async () => {
    expect(JSON.parse((await ask(`/run-secret${tree()}`)).body).tree.length).toBeGreaterThan(0)
    for (const path of [
      tree(),
      `/wrong-secret${tree()}`,
      '/',
      '/run-secre/',
      '/login/oauth/authorize',
    ])
      expect(await ask(path), path).toMatchObject({ status: 404, body: '' })
  })

  it('answers nothing to another Host (a page on another name for this machine)', async () => {
    for (const host of ['evil.example', `rebind.example:${new URL(github.origin).port}`])
      expect(await ask(`/run-secret${tree()}`, { Host: host })).toMatchObject({
        status: 404,
        body: '',
      })
  })

  it('lets only the rehearsal site’s pages read its answers (CORS)', async () => {
    const from = async (origin: string) =>
      (await ask(`/run-secret${tree()}`, { Origin: origin })).headers
    expect((await from(SITE))['access-control-allow-origin']).toBe(SITE)
    expect(await from('http://localhost:9999')).not.toHaveProperty('access-control-allow-origin')
    const preflight = await ask(
      `/run-secret${tree()}`,
      { Origin: 'http://localhost:9999' },
      'OPTIONS'
    )
    expect(preflight.headers).not.toHaveProperty('access-control-allow-methods')
  })

  it('re-runs an Actions job for someone with write access only, as GitHub documents it', async () => {
    const pull = pullWith('cms/rerun', 'content/a.md', 'rerun\n')
    finish(pull, 'failure')
    const asked: number[] = []
    model.events.rerun = (run) => void asked.push(run.id)
    const id = model.checkRuns.at(-1)!.id
    const rerun = `/run-secret/repos/bureau/site/actions/jobs/${id}/rerun`
    expect((await ask(rerun, {}, 'POST')).status).toBe(403)
    expect(asked).toEqual([])
    expect(
      (await ask('/run-secret/repos/bureau/site/actions/jobs/999999/rerun', {}, 'POST')).status
    ).toBe(404)
    delete model.events.rerun
  })
})

describe('npm run rehearse, stopped with Ctrl+C while it starts', { timeout: 300_000 }, () => {
  it('stops everything it started, with a word and no stack trace', async () => {
    const child = spawn('node_modules/.bin/node', ['tools/rehearse/rehearse.ts'], {
      env: { ...process.env, PORT: '0' },
    })
    const output = { stdout: '', stderr: '' }
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk))
    while (!output.stdout.includes('rehearse: copying')) await once(child.stdout, 'data')
    child.kill('SIGINT')
    const [code] = await once(child, 'exit')
    expect(output.stderr).toBe('')
    expect(output.stdout).toContain('rehearse: stopped; everything it made is gone.')
    expect(code).toBe(0)
  })
})
