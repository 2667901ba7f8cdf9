import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm run check:pull-request` (checks.yml's one required check) compares the pull request with
// its base: a change only to content/ runs what content can break, anything else everything.
// Run on a real git history, with a stand-in for npm that records what it is asked to run.

const script = join(process.cwd(), 'tools', 'ops', 'check-pull-request.ts')

function repository() {
  const dir = mkdtempSync(join(tmpdir(), 'check-pr-'))
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@x', ...args], {
      encoding: 'utf8',
    }).trim()
  const commit = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
    git('add', path)
    git('commit', '-qm', path)
    return git('rev-parse', 'HEAD')
  }
  git('init', '-q')
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$*" >> "${join(dir, 'npm.log')}"\n`)
  chmodSync(join(bin, 'npm'), 0o755)
  const run = (base?: string) => {
    spawnSync(process.execPath, [script], {
      cwd: dir,
      env: {
        NODE_ENV: 'test',
        PATH: `${bin}:${process.env.PATH}`,
        ...(base ? { BASE: base } : {}),
      },
    })
    const log = readFileSync(join(dir, 'npm.log'), 'utf8').trim().split('\n')
    writeFileSync(join(dir, 'npm.log'), '')
    return log
  }
  return { commit, run }
}

describe('npm run check:pull-request', () => {
  it('runs the content check, the build and the checks of the built site for a change only to content/', () => {
    const { commit, run } = repository()
    const base = commit('lib/a.ts', 'a')
    commit('content/pages/a.md', 'page')
    commit('content/data/alerts.yaml', 'alerts')
    expect(run(base)).toEqual([
      'run build',
      'run test:export',
      'run test:e2e -- --project cloudflare',
    ])
  })

  it('runs everything for a change to code, and for a push (no base)', () => {
    const { commit, run } = repository()
    const base = commit('content/a.md', 'a')
    commit('content/b.md', 'b')
    commit('lib/x.ts', 'x')
    expect(run(base)).toEqual(['test'])
    expect(run()).toEqual(['test'])
  })
})
