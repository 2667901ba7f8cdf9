import type { RenderedAlert } from '#lib/content/alerts.ts'
import { checkSource } from '#lib/content/check.ts'
import { noticeContent } from '#lib/content/notices.ts'
import { readContent } from '#lib/content/read.ts'
import { ContentError, ProblemList, type ContentProblem } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import { renderContent, type RenderedPage } from '#lib/content/render.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { todayInNewJersey } from '#lib/dates.ts'

// The one way into content. Everything that needs the site's content (the
// routes, the build, `npm run check:content`, the site editor's preview, the
// link check) goes through checkContent(), so all of them see the same
// checked, rendered content and the same problems:
//
//   ContentSource (text: disk.ts from content/, or the editor's entries)
//     1. readContent (read.ts: YAML, frontmatter and schemas)
//     2. checkSource (check.ts: characters, captions, ids, routes, menus)
//     3. renderContent (render.ts: Markdown to blocks, checked on the way)
//     4. noticeContent (notices.ts)
//
// This module reads no files, so the site editor's preview runs it in the
// browser. On the build machine, siteContent() (disk.ts) is the routes'
// shortcut: content/ read once per build process, and an error instead of a
// page when the content has a mistake.

export type Page = RenderedPage

export type SiteContent = {
  registries: Registries
  /** Every alert, with its message rendered; the page frame shows the active ones. */
  alerts: RenderedAlert[]
  /** Published pages (drafts left out), in route order. */
  pages: Page[]
  byRoute: ReadonlyMap<string, Page>
}

export type ContentCheck = {
  /** The checked content, when there is no error. */
  content?: SiteContent
  /** Every error and notice, each with its file and line. */
  problems: ContentProblem[]
}

/**
 * Checks and renders all of the content; lists every problem found. `today`
 * (an ISO day, New Jersey's today unless given) is what the notices about
 * alerts' dates compare with.
 */
export function checkContent(
  source: ContentSource,
  today: string = todayInNewJersey()
): ContentCheck {
  const problems = new ProblemList()
  const checked = checkSource(source, readContent(source, problems), problems)
  const { pages, alerts } = renderContent(checked, problems)
  const { registries } = checked
  if (!registries || problems.errors.length) return { problems: problems.items }
  noticeContent({ ...checked, registries }, pages, today, problems)
  return {
    content: {
      registries,
      alerts,
      pages,
      byRoute: new Map(pages.map((p) => [p.route, p])),
    },
    problems: problems.items,
  }
}

/** The checked content of `source`, or a ContentError listing every error. */
export function contentOrThrow(source: ContentSource): SiteContent {
  const { content, problems } = checkContent(source)
  if (!content) throw new ContentError(problems.filter((p) => p.severity === 'error'))
  return content
}
