import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_LABEL, readAudit } from '#tools/ops/audit.ts'
import { listen } from '#tests/helpers/ports.ts'

// `npm run audit:report` end to end: the real `npm audit` on this project's
// package-lock.json, asking a stand-in for the npm registry's advisory
// service (npm_config_registry), and a stand-in for GitHub's issues API.
// The failing case is the one this machine really gets: the registry here
// answers npm's audit request with 405 Method Not Allowed.

type Mode = '405' | 'advisory' | 'clean'
let mode: Mode = '405'
let registry = ''
let github = ''
const calls: string[] = []
const issue = {
  number: 7,
  title: 'Dependency advisories: 1 in code sent to browsers',
  body: 'old',
  state: 'open',
}

/** The advisory service: what the real one answers, in each mode. */
const npmRegistry = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    if (mode === '405' || !req.url?.endsWith('/-/npm/v1/security/advisories/bulk')) {
      res.writeHead(405, { Allow: 'GET,HEAD', 'Content-Length': 0 }).end()
      return
    }
    const advisories =
      mode === 'clean'
        ? {}
        : {
            'decap-cms-core': [
              {
                id: 1,
                url: 'https://github.com/advisories/GHSA-0000-0000-0000',
                title: 'Made-up advisory for the test',
                severity: 'moderate',
                vulnerable_versions: '>=0',
                cwe: [],
                cvss: {},
              },
            ],
          }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(advisories))
  })
})

/** GitHub's issues API, holding the one open advisory issue. */
const githubApi = createServer((req, res) => {
  let text = ''
  req.on('data', (chunk: Buffer) => (text += chunk.toString()))
  req.on('end', () => {
    calls.push(`${req.method} ${req.url}`)
    if (req.method === 'PATCH') Object.assign(issue, JSON.parse(text))
    const shown = { ...issue, html_url: 'https://github.example/issues/7', labels: [AUDIT_LABEL] }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(req.method === 'GET' ? (issue.state === 'open' ? [shown] : []) : shown))
  })
})

beforeAll(async () => {
  ;[registry, github] = await Promise.all([listen(npmRegistry), listen(githubApi)])
})
afterAll(() => {
  npmRegistry.close()
  githubApi.close()
})

/** `node tools/ops/audit.ts [--issue]`, as the workflows run it. */
function audit(...args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tools/ops/audit.ts', ...args], {
      env: {
        ...process.env,
        npm_config_registry: `${registry}/`,
        npm_config_audit_level: 'low',
        GITHUB_REPOSITORY: 'bureau/site',
        GITHUB_TOKEN: 'tok',
        GITHUB_API_URL: github,
      },
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.on('close', (status) => resolve({ status, stdout }))
  })
}

describe('the dependency audit, when it cannot run', () => {
  it('says so on a pull request and goes on, never "None."', async () => {
    mode = '405'
    const { status, stdout } = await audit()
    expect(status).toBe(0)
    expect(stdout).toMatch(
      /The audit could not run, .*not a clean result\): 405 Method Not Allowed/
    )
    expect(stdout).not.toContain('None.')
  })

  it('fails the weekly run and leaves the advisory issue open and as it was', async () => {
    mode = '405'
    calls.length = 0
    const { status, stdout } = await audit('--issue')
    expect(status).toBe(1)
    expect(stdout).toContain('The audit could not run')
    expect(calls).toEqual([])
    expect(issue).toMatchObject({ state: 'open', body: 'old' })
  })

  it("reads only npm's own report as an answer: an error in JSON is not a clean audit", () => {
    const failed = {
      stdout: '{"message":"405 Method Not Allowed - POST x","statusCode":405}',
      stderr: '',
      status: 1,
    }
    expect(readAudit(failed)).toMatch(/could not run.*405 Method Not Allowed - POST x$/)
    expect(readAudit({ stdout: '', stderr: 'npm: not found', status: 127 })).toMatch(
      /npm: not found$/
    )
    const clean = { auditReportVersion: 2, vulnerabilities: {}, metadata: {} }
    expect(readAudit({ stdout: JSON.stringify(clean), stderr: '', status: 0 })).toEqual(clean)
  })
})

describe('the dependency audit, when it runs', () => {
  it('updates the issue with what it found, then closes it once nothing is found', async () => {
    mode = 'advisory'
    calls.length = 0
    const found = await audit('--issue')
    expect(found.status).toBe(0)
    expect(found.stdout).toMatch(/\*\*decap-cms-core\*\* \(moderate\): Made-up advisory/)
    expect(issue).toMatchObject({
      state: 'open',
      title: expect.stringMatching(/^Dependency advisories: 1 in code sent to browsers/),
    })
    expect(issue.body).toContain('decap-cms-core')
    mode = 'clean'
    const clean = await audit('--issue')
    expect(clean.status).toBe(0)
    expect(clean.stdout).toContain('None.')
    expect(issue.state).toBe('closed')
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'PATCH /repos/bureau/site/issues/7',
      'POST /repos/bureau/site/issues/7/comments',
      'PATCH /repos/bureau/site/issues/7',
    ])
  })
})
