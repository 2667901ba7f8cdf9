import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkedRun, NOTHING_CHECKED, type WorkflowRun } from '#tools/ops/checked-commit.ts'
import { publishFailedIssue } from '#tools/ops/publish-failed.ts'
import { listen } from '#tests/helpers/ports.ts'

// publish.yml publishes only a commit whose checks passed, however the run
// was started (npm run publish:commit), and any publish that fails opens
// the one issue that says so (npm run publish:failed).

const REPO = 'bureau/site'
const run = (sha: string, more: Partial<WorkflowRun> = {}): WorkflowRun => ({
  head_sha: sha,
  head_branch: 'main',
  event: 'push',
  conclusion: 'success',
  head_repository: { full_name: REPO },
  ...more,
})

describe('the commit a publish may ship', () => {
  it("is the newest run of the checks that passed on a push to this repository's main", () => {
    const runs = [
      // A fork's pull request from its own branch called main: never.
      run('f0f0f0f', { event: 'pull_request', head_repository: { full_name: 'stranger/site' } }),
      run('c0ffee1', { head_repository: { full_name: 'stranger/site' } }),
      run('badbad1', { conclusion: 'failure' }),
      run('0ther00', { head_branch: 'cms/pages/fees' }),
      run('abc1234'),
      run('older00'),
    ]
    expect(checkedRun(runs, REPO)?.head_sha).toBe('abc1234')
    expect(checkedRun(runs.slice(0, 4), REPO)).toBeUndefined()
  })

  /** GitHub's list of the checks' runs, as the API answers it: newest first. */
  let listed: WorkflowRun[] = []
  const asked: string[] = []
  let api = ''
  const github = createServer((req, res) => {
    asked.push(`${req.method} ${req.url} ${req.headers.authorization}`)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ total_count: listed.length, workflow_runs: listed }))
  })
  beforeAll(async () => {
    api = await listen(github)
  })
  afterAll(() => new Promise<void>((resolve) => github.close(() => resolve())))

  /** `npm run publish:commit` as the due job runs it, with main's head at `head`. */
  function publishCommit(head: string) {
    const dir = mkdtempSync(join(tmpdir(), 'publish-commit-'))
    const output = join(dir, 'output')
    const summary = join(dir, 'summary')
    writeFileSync(output, '')
    writeFileSync(summary, '')
    return new Promise<{ status: number | null; output: string; summary: string }>((resolve) =>
      spawn(process.execPath, ['tools/ops/checked-commit.ts'], {
        stdio: 'ignore',
        env: {
          ...process.env,
          GITHUB_REPOSITORY: REPO,
          GITHUB_TOKEN: 'tok',
          GITHUB_API_URL: api,
          GITHUB_SHA: head,
          GITHUB_OUTPUT: output,
          GITHUB_STEP_SUMMARY: summary,
        },
      }).on('close', (status) =>
        resolve({
          status,
          output: readFileSync(output, 'utf8'),
          summary: readFileSync(summary, 'utf8'),
        })
      )
    )
  }

  it("hands the build the checked commit, and says when main's head is not it", async () => {
    listed = [run('f0f0f0f0', { event: 'pull_request' }), run('abc1234def'), run('0123456789')]
    const result = await publishCommit('9999999aaa')
    expect(result.status).toBe(0)
    expect(result.output).toBe('sha=abc1234def\n')
    expect(result.summary).toBe(
      'Publishing abc1234, the newest commit of main whose checks passed. The newest commit, 9999999, is not published: its checks have not passed (yet).\n'
    )
    expect(asked.at(-1)).toBe(
      'GET /repos/bureau/site/actions/workflows/checks.yml/runs?branch=main&event=push&status=success&per_page=30 Bearer tok'
    )
    expect((await publishCommit('abc1234def')).summary).toBe(
      'Publishing abc1234, the newest commit of main whose checks passed.\n'
    )
  })

  it('fails, saying that nothing was published, when no commit of main passed its checks', async () => {
    listed = [run('badbad1', { conclusion: 'failure' })]
    const result = await publishCommit('badbad1')
    expect(result.status).toBe(1)
    expect(result.output).toBe('')
    expect(result.summary).toBe(`${NOTHING_CHECKED}\n`)
    expect(NOTHING_CHECKED).toMatch(
      /^Nothing was published: no commit of main has passed its checks/
    )
  })
})

describe('the issue a failed publish opens', () => {
  it('says which publish failed and what staff miss, for every way a publish starts', () => {
    const body = (event?: string) => publishFailedIssue('2026-11-24', undefined, event).body
    expect(body()).toMatch(/^The morning publish on November 24, 2026 did not finish.*an alert/)
    expect(body('workflow_run')).toMatch(
      /^The publish after a change was merged on November 24, 2026 did not finish.*the merged change is not on the site\./
    )
    expect(body('workflow_dispatch')).toMatch(/^The publish started by hand on/)
    expect(body('workflow_run')).toContain('"Nothing was published"')
  })
})
