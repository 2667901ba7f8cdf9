// `npm run audit:report [-- --issue]`: `npm audit` of every installed package, sorted into code sent
// to browsers and build tools only, in plain words. Advisories never fail it (an urgent alert must not
// wait on a build tool's advisory); an audit that could not run is never read as clean.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { keepIssue, settingsOrExit } from '#tools/ops/github-issue.ts'

export const AUDIT_LABEL = 'dependency-audit'

type Via = string | { title?: string; url?: string }
type Vulnerability = { name: string; severity: string; via: Via[]; nodes?: string[] }
type AuditReport = { vulnerabilities?: Record<string, Vulnerability & { fixAvailable?: unknown }> }
type Finding = { name: string; severity: string; titles: string[]; fix: boolean }

// npm exits 1 both on advisories and on failure, printing JSON either way (`{"message": "405 …"}`
// when its service refuses), so only npm's own report format counts as an answer.
export function readAudit(
  run: Pick<SpawnSyncReturns<string>, 'stdout' | 'stderr' | 'status' | 'error'>
): AuditReport | string {
  let parsed: { auditReportVersion?: unknown; vulnerabilities?: unknown; message?: unknown } = {}
  try {
    parsed = JSON.parse(run.stdout) as typeof parsed
  } catch {}
  if (parsed.auditReportVersion === 2 && typeof parsed.vulnerabilities === 'object')
    return parsed as AuditReport
  const reason =
    (typeof parsed.message === 'string' && parsed.message) ||
    run.error?.message ||
    run.stderr.trim() ||
    `exit ${run.status}`
  return `The audit could not run, so nothing is known about advisories this time (this is not a clean result): ${reason.slice(0, 300)}`
}

const BROWSER_PACKAGES = ['pagefind', 'decap-cms-app', 'react', 'react-dom']

/** The lock-file paths of the packages sent to browsers and all they depend on (`npm query`). */
export function sentToBrowsers(dir = '.', roots = BROWSER_PACKAGES): Set<string> {
  const top = `:root > :is(${roots.map((name) => `#${name}`).join(', ')})`
  const query = spawnSync('npm', ['query', '--package-lock-only', `${top}, ${top} *`], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (query.status !== 0) throw new Error(`npm query could not read the lock file: ${query.stderr}`)
  return new Set((JSON.parse(query.stdout) as { location: string }[]).map((node) => node.location))
}

/** The advisories, most severe first, sorted into code sent to browsers and build tools. */
export function sortFindings(report: AuditReport, browser: ReadonlySet<string>) {
  const sorted = { sent: [] as Finding[], tools: [] as Finding[] }
  const found = Object.values(report.vulnerabilities ?? {})
  for (const { name, severity, via, nodes, fixAvailable } of found) {
    // Only the package that has the advisory itself: the ones that merely use it follow.
    const titles = via.flatMap((v) =>
      typeof v === 'string' ? [] : [`${v.title ?? 'advisory'}${v.url ? ` (${v.url})` : ''}`]
    )
    if (titles.length === 0) continue
    const inBrowser = (nodes ?? [`node_modules/${name}`]).some((node) => browser.has(node))
    sorted[inBrowser ? 'sent' : 'tools'].push({ name, severity, titles, fix: !!fixAvailable })
  }
  const order = ['critical', 'high', 'moderate', 'low', 'info']
  const byRisk = (a: Finding, b: Finding) =>
    order.indexOf(a.severity) - order.indexOf(b.severity) || a.name.localeCompare(b.name)
  return { sent: sorted.sent.sort(byRisk), tools: sorted.tools.sort(byRisk) }
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
  // The tests point npm_config_registry at a stand-in.
  const report = readAudit(
    spawnSync('npm', ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  )
  const weekly = process.argv.includes('--issue')
  if (typeof report === 'string') {
    console.log(`## Dependency advisories\n\n${report}\n`)
    // A pull request's check only informs; the weekly run fails and leaves the issue as it is.
    if (weekly)
      console.error('audit:report: the audit could not run; the advisory issue is left as it is')
    process.exit(weekly ? 1 : 0)
  }
  const sorted = sortFindings(report, sentToBrowsers())
  const summary = auditSummary(sorted)
  console.log(summary)
  if (weekly) {
    const settings = settingsOrExit('audit:report', 0)
    const result = await keepIssue(settings, {
      label: AUDIT_LABEL,
      title: `Dependency advisories: ${sorted.sent.length} in code sent to browsers, ${sorted.tools.length} in build tools`,
      ...(sorted.sent.length + sorted.tools.length
        ? { body: summary }
        : { closing: 'The weekly audit finds no advisory any more.' }),
    })
    console.error(`audit:report: issue ${result.action}`)
  }
}
