// `npm run audit:report`: the dependency audit, put in plain words. Every
// installed package is audited (`npm audit`, development packages too:
// Pagefind, which /search/ runs in the browser, and Decap CMS, the site editor
// at /admin/, are installed for the build only, yet their code is sent to
// browsers). Advisories are sorted into code sent to browsers and build and
// test tools only, by following package-lock.json from those packages. It
// reports and never fails: an urgent alert must never wait on an advisory in
// a build tool. With --issue it keeps one GitHub issue up to date (or closes
// it when the audit is clean); the pull request's check shows the summary.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { keepIssue, settingsFrom } from '#tools/ops/github-issue.ts'

/** The packages whose code the site sends to browsers, with all they depend on. */
export const SENT_TO_BROWSERS = ['pagefind', 'decap-cms-app', 'react', 'react-dom']

export const AUDIT_LABEL = 'dependency-audit'

type Lock = { packages: Record<string, { dependencies?: Record<string, string> }> }
type Via = string | { title?: string; url?: string; severity?: string; name?: string }
type Vulnerability = {
  name: string
  severity: string
  via: Via[]
  nodes?: string[]
  fixAvailable?: unknown
}
type AuditReport = { vulnerabilities?: Record<string, Vulnerability> }

/** Every package-lock path reachable from the given top-level packages. */
export function reachable(lock: Lock, roots: readonly string[]): Set<string> {
  const seen = new Set<string>()
  /** Where Node finds `name` from the package at `from`: its own node_modules, then its parents'. */
  const resolve = (from: string, name: string): string | undefined => {
    let base = from
    for (;;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
      if (lock.packages[candidate]) return candidate
      if (!base) return undefined
      const cut = base.lastIndexOf('/node_modules/')
      base = cut === -1 ? '' : base.slice(0, cut)
    }
  }
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const name of Object.keys(lock.packages[path]?.dependencies ?? {})) {
      const found = resolve(path, name)
      if (found) visit(found)
    }
  }
  for (const root of roots) {
    const path = `node_modules/${root}`
    if (lock.packages[path]) visit(path)
  }
  return seen
}

export type Finding = { name: string; severity: string; titles: string[]; fix: boolean }

/** The advisories, sorted into code sent to browsers and build tools. */
export function sortFindings(report: AuditReport, browser: ReadonlySet<string>) {
  const sent: Finding[] = []
  const tools: Finding[] = []
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    const titles = vulnerability.via.flatMap((via) =>
      typeof via === 'string' ? [] : [`${via.title ?? 'advisory'}${via.url ? ` (${via.url})` : ''}`]
    )
    const finding = {
      name: vulnerability.name,
      severity: vulnerability.severity,
      // Only the package that has the advisory itself: the ones that merely use it follow.
      titles,
      fix: Boolean(vulnerability.fixAvailable),
    }
    if (titles.length === 0) continue
    const inBrowser = (vulnerability.nodes ?? [`node_modules/${vulnerability.name}`]).some((node) =>
      browser.has(node)
    )
    ;(inBrowser ? sent : tools).push(finding)
  }
  const order = ['critical', 'high', 'moderate', 'low', 'info']
  const byRisk = (a: Finding, b: Finding) =>
    order.indexOf(a.severity) - order.indexOf(b.severity) || a.name.localeCompare(b.name)
  return { sent: sent.sort(byRisk), tools: tools.sort(byRisk) }
}

/** The summary in plain words (Markdown, for the run's summary and the issue). */
export function auditSummary(sorted: { sent: Finding[]; tools: Finding[] }): string {
  const list = (findings: Finding[]) =>
    findings.length === 0
      ? ['None.']
      : findings.map(
          (f) =>
            `- **${f.name}** (${f.severity}): ${f.titles.join('; ')}. ${f.fix ? 'An update fixes it: `npm audit fix`, then check and commit package-lock.json.' : 'No update fixes it yet.'}`
        )
  return [
    '## Dependency advisories',
    '',
    '### In code sent to browsers',
    '',
    'Pagefind (the search page) and the site editor (Decap CMS, React). These matter most.',
    '',
    ...list(sorted.sent),
    '',
    '### In build and test tools only',
    '',
    'Never sent to visitors; they run on the build machine.',
    '',
    ...list(sorted.tools),
    '',
  ].join('\n')
}

/** Runs the audit (AUDIT_COMMAND stands in for `npm audit --json` in the tests). */
function runAudit(env: Record<string, string | undefined>): AuditReport | string {
  const [command, ...args] = (env.AUDIT_COMMAND?.trim() || 'npm audit --json').split(/\s+/) as [
    string,
    ...string[],
  ]
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  try {
    return JSON.parse(run.stdout) as AuditReport
  } catch {
    return `The audit could not run (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.trim().slice(0, 300)}`
  }
}

if (import.meta.main) {
  const report = runAudit(process.env)
  if (typeof report === 'string') {
    // Report, never block: the checks go on without the audit.
    console.log(`## Dependency advisories\n\n${report}\n`)
    process.exit(0)
  }
  const lock = JSON.parse(readFileSync(join(process.cwd(), 'package-lock.json'), 'utf8')) as Lock
  const sorted = sortFindings(report, reachable(lock, SENT_TO_BROWSERS))
  const summary = auditSummary(sorted)
  console.log(summary)
  if (process.argv.includes('--issue')) {
    const settings = settingsFrom(process.env)
    if (typeof settings === 'string') {
      console.error(`audit:report: ${settings}`)
      process.exit(0)
    }
    const count = sorted.sent.length + sorted.tools.length
    const result = await keepIssue(settings, {
      label: AUDIT_LABEL,
      title: `Dependency advisories: ${sorted.sent.length} in code sent to browsers, ${sorted.tools.length} in build tools`,
      ...(count > 0
        ? { body: summary }
        : { closing: 'The weekly audit finds no advisory any more.' }),
    })
    console.error(`audit:report: issue ${result.action}`)
  }
}
