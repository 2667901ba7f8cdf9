import { checkSource } from '#lib/content/check.ts'
import { noticeContent } from '#lib/content/notices.ts'
import { readContent } from '#lib/content/read.ts'
import { ContentError, ProblemList } from '#lib/content/problems.ts'
import { renderContent, type RenderedPage } from '#lib/content/render.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { todayInNewJersey } from '#lib/dates.ts'

// The one way into content: read, check, render, then notices. It reads no files, so the
// editor's preview runs it in the browser.

export type Page = RenderedPage

export type SiteContent = NonNullable<ReturnType<typeof checkContent>['content']>

/** The checked content (absent when there is an error) and every problem; alerts' dates against `today`. */
export function checkContent(source: ContentSource, today: string = todayInNewJersey()) {
  const problems = new ProblemList()
  const checked = checkSource(source, readContent(source, problems), problems)
  const { pages, alerts } = renderContent(checked, problems, today)
  const { registries } = checked
  if (!registries || problems.errors.length) return { content: undefined, problems: problems.items }
  noticeContent({ ...checked, registries }, pages, today, problems)
  const byRoute = new Map(pages.map((p) => [p.route, p]))
  return { content: { registries, alerts, pages, byRoute }, problems: problems.items }
}

export function contentOrThrow(source: ContentSource, today?: string): SiteContent {
  const { content, problems } = checkContent(source, today)
  if (!content) throw new ContentError(problems.filter((p) => p.severity === 'error'))
  return content
}
