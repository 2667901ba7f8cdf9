import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm run check:pull-request -- <job>` (each of checks.yml's required jobs) compares the pull
// request with its base: a change only to content/ runs what content can break, anything else
// the job's half of npm test.
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
  const run = (job: string, base?: string) => {
    writeFileSync(join(dir, 'npm.log'), '')
    spawnSync(process.execPath, [script, job], {
      cwd: dir,
      env: {
        NODE_ENV: 'test',
        PATH: `${bin}:${process.env.PATH}`,
        ...(base ? { BASE: base } : {}),
      },
    })
    return readFileSync(join(dir, 'npm.log'), 'utf8').trim().split('\n').filter(Boolean)
  }
  return { commit, run }
}

describe('npm run check:pull-request', () => {
  it('runs the content check, the build and the checks of the built site for a change only to content/', () => {
    const { commit, run } = repository()
    const base = commit('lib/a.ts', 'a')
    commit('content/pages/a.md', 'page')
    commit('content/data/alerts.yaml', 'alerts')
    expect(run('quick', base)).toEqual(['run check:content', 'run build', 'run test:export'])
    expect(run('checks', base)).toEqual([])
    expect(run('served', base)).toEqual(['run build', 'run test:e2e -- --project cloudflare'])
  })

  it("runs each job's half of npm test for a change to code, and for a push (no base)", () => {
    const { commit, run } = repository()
    const base = commit('content/a.md', 'a')
    commit('content/b.md', 'b')
    commit('lib/x.ts', 'x')
    for (const b of [base, undefined]) {
      expect(run('quick', b)).toEqual(['run test:quick'])
      expect(run('checks', b)).toEqual(['run test:checks'])
      expect(run('served', b)).toEqual(['run build', 'run test:served'])
    }
  })
})
