import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditSummary, sentToBrowsers, sortFindings } from '#tools/ops/audit.ts'
import { keepIssue, settingsFrom } from '#tools/ops/github-issue.ts'
import { publishFailedIssue } from '#tools/ops/publish-failed.ts'
import { listen } from '#tests/helpers/ports.ts'

// What the workflows tell staff on GitHub: one issue per kind of trouble,
// kept up to date (a failed morning publish, dependency advisories), tried
// against a stand-in for GitHub's API; and the audit's sorting of advisories
// into code sent to browsers and build tools.

type Stored = { number: number; title: string; body: string; state: string; labels: string[] }

describe('one GitHub issue per kind of trouble', () => {
  const issues: Stored[] = []
  const requests: string[] = []
  let url = ''
  const server = createServer((req: IncomingMessage, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers.authorization}`)
      const body = text ? (JSON.parse(text) as Partial<Stored> & { labels?: string[] }) : {}
      const answer = (value: unknown) => {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(value))
      }
      const shown = (i: Stored) => ({ ...i, html_url: `https://github.example/issues/${i.number}` })
      const path = new URL(req.url!, 'http://x')
      if (req.method === 'GET' && path.pathname === '/repos/bureau/site/issues') {
        const label = path.searchParams.get('labels')!
        return answer(
          issues.filter((i) => i.state === 'open' && i.labels.includes(label)).map(shown)
        )
      }
      if (req.method === 'POST' && path.pathname === '/repos/bureau/site/issues') {
        const made = {
          number: issues.length + 1,
          title: body.title!,
          body: body.body!,
          state: 'open',
          labels: body.labels!,
        }
        issues.push(made)
        return answer(shown(made))
      }
      const one = /^\/repos\/bureau\/site\/issues\/(\d+)(\/comments)?$/.exec(path.pathname)
      const issue = one && issues.find((i) => i.number === Number(one[1]))
      if (issue && req.method === 'PATCH') return answer(shown(Object.assign(issue, body)))
      if (issue && one![2]) return answer({})
      res.writeHead(404)
      res.end('{}')
    })
  })
  beforeAll(async () => {
    url = await listen(server)
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const settings = () => {
    const found = settingsFrom({
      GITHUB_REPOSITORY: 'bureau/site',
      GITHUB_TOKEN: 'tok',
      GITHUB_API_URL: url,
    })
    if (typeof found === 'string') throw new Error(found)
    return found
  }

  it('opens the issue once, then updates the same one, and closes it when the trouble is over', async () => {
    const first = publishFailedIssue('2026-11-23', 'https://github.example/runs/1')
    expect(await keepIssue(settings(), first)).toMatchObject({ action: 'opened', number: 1 })
    const second = publishFailedIssue('2026-11-24', 'https://github.example/runs/2')
    expect(await keepIssue(settings(), second)).toMatchObject({ action: 'updated', number: 1 })
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      title: 'The site could not be published on November 24, 2026',
      labels: ['publish-failed'],
    })
    expect(issues[0]!.body).toContain('https://github.example/runs/2')
    expect(requests.every((r) => r.endsWith('Bearer tok'))).toBe(true)
    expect(
      await keepIssue(settings(), { ...second, body: undefined, closing: 'Published again.' })
    ).toMatchObject({ action: 'closed', number: 1 })
    expect(issues[0]!.state).toBe('closed')
    expect(await keepIssue(settings(), { ...second, body: undefined })).toEqual({
      action: 'nothing',
    })
  })

  it('says what is missing instead of calling GitHub without a token', () => {
    expect(settingsFrom({ GITHUB_REPOSITORY: 'bureau/site' })).toMatch(/GITHUB_TOKEN not set/)
  })
})

describe('the dependency audit', () => {
  // A project in miniature: Decap (sent to browsers) uses its own lodash; the build uses minimist.
  const project = mkdtempSync(join(tmpdir(), 'audit-lock-'))
  const dependencies = { 'decap-cms-app': '1', vite: '1' }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 't', dependencies }))
  const node = (version: string, deps?: Record<string, string>) => ({ version, dependencies: deps })
  writeFileSync(
    join(project, 'package-lock.json'),
    JSON.stringify({
      name: 't',
      lockfileVersion: 3,
      packages: {
        '': { name: 't', dependencies },
        'node_modules/decap-cms-app': node('1.0.0', { 'decap-cms-core': '1' }),
        'node_modules/decap-cms-core': node('1.0.0', { lodash: '4' }),
        'node_modules/decap-cms-core/node_modules/lodash': node('4.0.0'),
        'node_modules/lodash': node('3.0.0'),
        'node_modules/vite': node('1.0.0', { minimist: '1' }),
        'node_modules/minimist': node('1.0.0'),
      },
    })
  )
  const browser = sentToBrowsers(project, ['decap-cms-app', 'react'])

  it('follows the lock file from the packages sent to browsers, as npm resolves them', () => {
    expect([...browser].sort()).toEqual([
      'node_modules/decap-cms-app',
      'node_modules/decap-cms-core',
      'node_modules/decap-cms-core/node_modules/lodash',
    ])
  })

  it('sorts advisories into code sent to browsers and build tools, most severe first', () => {
    const report = {
      vulnerabilities: {
        lodash: {
          name: 'lodash',
          severity: 'high',
          via: [{ title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-x' }],
          nodes: ['node_modules/decap-cms-core/node_modules/lodash', 'node_modules/lodash'],
          fixAvailable: true,
        },
        minimist: {
          name: 'minimist',
          severity: 'moderate',
          via: [{ title: 'Prototype pollution' }],
          nodes: ['node_modules/minimist'],
          fixAvailable: false,
        },
        // Only uses a vulnerable package: listed under the package itself.
        vite: {
          name: 'vite',
          severity: 'moderate',
          via: ['minimist'],
          nodes: ['node_modules/vite'],
        },
      },
    }
    const sorted = sortFindings(report, browser)
    expect(sorted.sent.map((f) => f.name)).toEqual(['lodash'])
    expect(sorted.tools.map((f) => f.name)).toEqual(['minimist'])
    const summary = auditSummary(sorted)
    expect(summary).toContain('### In code sent to browsers')
    expect(summary).toMatch(
      /\*\*lodash\*\* \(high\): Prototype pollution \(https:\/\/github\.com\/advisories\/GHSA-x\)\. An update fixes it/
    )
    expect(summary).toMatch(
      /\*\*minimist\*\* \(moderate\): Prototype pollution\. No update fixes it yet\./
    )
    expect(auditSummary({ sent: [], tools: [] })).toMatch(/browsers\n\n.*\n\nNone\./)
  })

  it('lists each group most severe first, then by name, whatever order npm gives', () => {
    // Names in alphabetical order give the opposite of the severities' order,
    // so a list left in npm's order, or sorted by name, fails.
    const finding = (name: string, severity: string) => ({
      name,
      severity,
      via: [{ title: `${severity} advisory` }],
      nodes: [`node_modules/${name}`],
    })
    const report = {
      vulnerabilities: Object.fromEntries(
        [
          finding('a-info', 'info'),
          finding('b-low', 'low'),
          finding('d-moderate', 'moderate'),
          finding('c-moderate', 'moderate'),
          finding('e-high', 'high'),
          finding('f-critical', 'critical'),
        ].map((v) => [v.name, v])
      ),
    }
    const order = ['f-critical', 'e-high', 'c-moderate', 'd-moderate', 'b-low', 'a-info']
    const { sent, tools } = sortFindings(
      report,
      new Set([
        'node_modules/b-low',
        'node_modules/e-high',
        'node_modules/f-critical',
        'node_modules/a-info',
        'node_modules/c-moderate',
        'node_modules/d-moderate',
      ])
    )
    expect(sent.map((f) => f.name)).toEqual(order)
    expect(sortFindings(report, new Set()).tools.map((f) => f.name)).toEqual(order)
    expect(tools).toEqual([])
  })
})
