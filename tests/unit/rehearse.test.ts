import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteEditorSettings } from '#tools/site-editor/bundle.ts'
import { GitStore } from '#tools/rehearse/git-store.ts'
import {
  GitHubModel,
  merge,
  mergeableState,
  updateBranch,
  type Pull,
} from '#tools/rehearse/github-model.ts'
import { pullRequestCheck } from '#tools/rehearse/rehearse.ts'
import { annotationsFrom, Runner } from '#tools/rehearse/runner.ts'

// The rehearsal's stand-in for GitHub (tools/rehearse/) answers as GitHub
// does where the clerk's path depends on it: branch protection's refusals
// and their words, the fast-forward rule, and the annotations a check's
// output asks for. Over a real git repository of three files.

const CHECK = 'quick (content, unit tests, build)'
let dir: string
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
function finish(pull: Pull, conclusion: 'success' | 'failure') {
  Object.assign(model.startCheck(pull.head.sha, CHECK), { status: 'completed', conclusion })
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stand-in-'))
  const work = join(dir, 'work')
  mkdirSync(join(work, 'content'), { recursive: true })
  writeFileSync(join(work, 'content', 'a.md'), 'a\n')
  writeFileSync(join(work, 'content', 'b.md'), 'b\n')
  writeFileSync(join(work, 'README.md'), 'r\n')
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
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('branch protection in the stand-in', () => {
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

describe('the rehearsal’s check', () => {
  it('is the quick job of checks.yml, and its ::error lines become annotations as on GitHub', () => {
    expect(pullRequestCheck()).toEqual({ name: CHECK, command: 'npm run test:quick' })
    expect(
      annotationsFrom(
        'content ok\n::error file=content/data/alerts.yaml,line=5,title=Content error::links to "/gone%2C now"%0Asecond line\n::notice file=a.md::fyi'
      )
    ).toEqual([
      {
        path: 'content/data/alerts.yaml',
        line: 5,
        level: 'failure',
        title: 'Content error',
        message: 'links to "/gone, now"\nsecond line',
      },
      { path: 'a.md', line: 1, level: 'notice', title: '', message: 'fyi' },
    ])
  })

  it('runs in a git checkout of the commit, as actions/checkout makes one (a check may ask git which files are tracked)', async () => {
    mkdirSync(join(dir, 'packages', 'node_modules'), { recursive: true })
    const runner = new Runner(model.store, join(dir, 'runner'), join(dir, 'packages'))
    const later = change(main(), 'content/c.md', 'c')
    for (const [sha, files] of [
      [main(), 'README.md\ncontent/a.md\ncontent/b.md'],
      [later, 'README.md\ncontent/a.md\ncontent/b.md\ncontent/c.md'],
    ]) {
      const job = await runner.run(sha!, 'git rev-parse HEAD && git ls-files', process.env)
      expect(job).toEqual({ ok: true, output: `${sha}\n${files}\n` })
    }
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
