// npm run check:content: checks content/ as the build does; every problem in plain words with its
// file and line, then notices (on GitHub Actions, annotations too). Exits 1 on an error.
// With --summary, only the notices, as Markdown for a pull request's run summary (checks.yml).
import { buildDay } from '#lib/content/alerts.ts'
import { contentReport, noticesSummary } from '#lib/content/report.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'

/** The report of a content folder, and whether it can be built. */
export function checkContentReport(dir?: string, github = process.env.GITHUB_ACTIONS === 'true') {
  const { content, problems } = checkContent(readContentSource(dir), buildDay())
  const summary =
    content &&
    `${content.pages.length} pages, ${content.registries.documents.size} documents, ` +
      `${content.registries.videos.size} videos, ${content.registries.forms.size} forms, ` +
      `${content.registries.links.size} links`
  const report = contentReport(problems, { github, summary })
  return { ok: !!content, report, notices: noticesSummary(problems) }
}

if (import.meta.main) {
  const { ok, report, notices } = checkContentReport()
  console[ok ? 'log' : 'error'](process.argv.includes('--summary') ? notices : report)
  process.exit(ok ? 0 : 1)
}
