// `npm run audit:report`: the dependency audit, put in plain words. Every
// installed package is audited (`npm audit`, development packages too:
// Pagefind, which /search/ runs in the browser, and Decap CMS, the site editor
// at /admin/, are installed for the build only, yet their code is sent to
// browsers). Advisories are sorted into code sent to browsers and build and
// test tools only, by following package-lock.json from those packages.
// Advisories never fail it: an urgent alert must never wait on an advisory
// in a build tool. An audit that could not run (npm's audit service refused
// or could not be reached) is never read as a clean one: it says so, and in
// the weekly run (--issue) it fails and leaves the advisory issue as it is.
// With --issue it keeps one GitHub issue up to date (or closes it when the
// audit ran and found nothing); the pull request's check shows the summary.
import { spawnSync } from 'node:child_process'
import { keepIssue, settingsFrom } from '#tools/ops/github-issue.ts'

/** The packages whose code the site sends to browsers, with all they depend on. */
export const SENT_TO_BROWSERS = ['pagefind', 'decap-cms-app', 'react', 'react-dom']

export const AUDIT_LABEL = 'dependency-audit'

type Via = string | { title?: string; url?: string; severity?: string; name?: string }
type Vulnerability = {
  name: string
  severity: string
  via: Via[]
  nodes?: string[]
  fixAvailable?: unknown
}
type AuditReport = { vulnerabilities?: Record<string, Vulnerability> }

/**
 * What `npm audit --json` printed: its report, or why there is none. npm
 * exits 1 both when it finds advisories and when it fails, and prints JSON
 * either way (on a failure, the error: `{"message": "405 Method Not
 * Allowed - POST …/advisories/bulk", …}`), so only a report of npm's own
 * format (auditReportVersion 2, with vulnerabilities) counts as an answer.
 */
export function readAudit(run: {
  stdout: string
  stderr: string
  status: number | null
  error?: Error
}): AuditReport | string {
  let parsed: { auditReportVersion?: unknown; vulnerabilities?: unknown; message?: unknown }
  try {
    parsed = JSON.parse(run.stdout) as typeof parsed
  } catch {
    parsed = {}
  }
  if (parsed.auditReportVersion === 2 && typeof parsed.vulnerabilities === 'object')
    return parsed as AuditReport
  const reason =
    (typeof parsed.message === 'string' && parsed.message) ||
    run.error?.message ||
    run.stderr.trim() ||
    `exit ${run.status}`
  return `The audit could not run, so nothing is known about advisories this time (this is not a clean result): ${reason.slice(0, 300)}`
}

/**
 * The package-lock paths of the packages sent to browsers and of all they
 * depend on, as npm itself reads package-lock.json (`npm query`; no install
 * needed). `dir` holds the package.json and its lock file.
 */
export function sentToBrowsers(dir = '.', roots = SENT_TO_BROWSERS): Set<string> {
  const top = `:root > :is(${roots.map((name) => `#${name}`).join(', ')})`
  const query = spawnSync('npm', ['query', '--package-lock-only', `${top}, ${top} *`], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (query.status !== 0) throw new Error(`npm query could not read the lock file: ${query.stderr}`)
  return new Set((JSON.parse(query.stdout) as { location: string }[]).map((node) => node.location))
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

if (import.meta.main) {
  // npm's own audit of package-lock.json (the tests point npm_config_registry at a stand-in).
  const report = readAudit(
    spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  )
  const weekly = process.argv.includes('--issue')
  if (typeof report === 'string') {
    console.log(`## Dependency advisories\n\n${report}\n`)
    // A pull request's check goes on (it informs only); the weekly run fails,
    // and the issue keeps what the last audit that ran found.
    if (weekly)
      console.error('audit:report: the audit could not run; the advisory issue is left as it is')
    process.exit(weekly ? 1 : 0)
  }
  const sorted = sortFindings(report, sentToBrowsers())
  const summary = auditSummary(sorted)
  console.log(summary)
  if (weekly) {
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
