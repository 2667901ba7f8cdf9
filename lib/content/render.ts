import type { RenderedAlert } from '#lib/content/alerts.ts'
import type { Block, CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import type { CheckedSource } from '#lib/content/check.ts'
import type { Located, PageFile } from '#lib/content/read.ts'
import { renderMarkdown, renderText, type MarkdownContext } from '#lib/content/markdown/index.ts'
import { entryMessage, type ProblemList } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { PageFrontmatter } from '#lib/content/schemas.ts'

// Step 3 of the content check: the Markdown of pages, video transcripts and
// alert messages becomes sanitized HTML and typed blocks. Links, `@` lines,
// tokens and headings are checked while they are rendered
// (lib/content/markdown/), so their mistakes are reported here, each at its
// file and line.

/** A published page, rendered. */
export type RenderedPage = PageFrontmatter & {
  /** The Markdown file the page comes from. */
  file: string
  blocks: Block[]
}

export type Rendered = {
  /** Published pages, in route order. */
  pages: RenderedPage[]
  /** Every alert, with its message rendered; the page frame shows the active ones. */
  alerts: RenderedAlert[]
}

/**
 * Renders every published page, transcript and alert message; problems go to
 * `problems`. When a registry has errors, the pages' text is still checked
 * for everything that needs no registry, and nothing is returned.
 */
export function renderContent(checked: CheckedSource, problems: ProblemList): Rendered {
  const { registries, located, pages: published, routes } = checked
  const index: IndexedPage[] = published.map(({ frontmatter: f }) => ({
    route: f.route,
    title: f.title,
    description: f.description,
    section: f.section,
  }))
  const gaps = registries ? captionGaps(registries, published) : []
  const context = (file: string, lineOffset: number): MarkdownContext => ({
    file,
    lineOffset,
    routes,
    registries,
    pages: index,
    captionGaps: gaps,
  })
  const transcripts = registries
    ? renderTranscripts(registries, located.videos!, context, problems)
    : undefined
  const alerts = registries ? renderAlerts(registries, located.alerts!, context, problems) : []
  const pages: RenderedPage[] = []
  for (const { file, frontmatter, body, bodyLine } of published) {
    const blocks = problems.catch(() =>
      renderMarkdown(body, {
        ...context(file, bodyLine),
        tiles: frontmatter.tiles,
        transcripts,
      })
    )
    if (blocks && registries) pages.push({ ...frontmatter, file, blocks })
  }
  // The text of a page whose frontmatter has errors is checked all the same.
  for (const { file, body, bodyLine } of checked.withErrors)
    problems.catch(() =>
      renderMarkdown(body, { ...context(file, bodyLine), registries: undefined })
    )
  pages.sort((a, b) => a.route.localeCompare(b.route))
  return { pages, alerts }
}

const VIDEO_LINE = /^@video[ \t]+([a-z0-9-]+)[ \t]*$/gm

/** Videos with no captions file, and the published pages that show each. */
function captionGaps(registries: Registries, pages: readonly PageFile[]): CaptionGap[] {
  const shownOn = new Map<string, Pick<IndexedPage, 'route' | 'title'>[]>()
  for (const { body, frontmatter } of pages) {
    for (const [, id] of body.matchAll(VIDEO_LINE))
      shownOn.set(id!, [
        ...(shownOn.get(id!) ?? []),
        { route: frontmatter.route, title: frontmatter.title },
      ])
  }
  return [...registries.videos.values()]
    .filter((video) => !video.captions)
    .map((video) => ({
      video,
      pages: [...new Map((shownOn.get(video.id) ?? []).map((p) => [p.route, p])).values()].sort(
        (a, b) => a.route.localeCompare(b.route)
      ),
    }))
}

function renderTranscripts(
  registries: Registries,
  yaml: Located,
  context: (file: string, lineOffset: number) => MarkdownContext,
  problems: ProblemList
): Map<string, string> {
  const out = new Map<string, string>()
  ;[...registries.videos.values()].forEach((video, i) => {
    if (!video.transcript) return
    const html = problems.catch(() =>
      renderText(video.transcript!, context(yaml.file, yaml.lineOf([i, 'transcript']) ?? 0))
    )
    if (html) out.set(video.id, html)
  })
  return out
}

/** Alert messages are rendered like page text; one that renders to nothing is refused. */
function renderAlerts(
  registries: Registries,
  yaml: Located,
  context: (file: string, lineOffset: number) => MarkdownContext,
  problems: ProblemList
): RenderedAlert[] {
  const rendered: RenderedAlert[] = []
  registries.alerts.forEach((alert, i) => {
    // A `message: |` block starts on the line after its key.
    const line = yaml.lineOf([i, 'message']) ?? 0
    const html = problems.catch(() => renderText(alert.message, context(yaml.file, line)))
    if (html === undefined) return
    if (html.replace(/<[^>]*>/g, '').trim() === '') {
      problems.error(
        yaml.file,
        line,
        entryMessage({
          entry: alert.id,
          field: '"message"',
          problem: 'shows no text on the page. Write the notice in plain words',
        })
      )
      return
    }
    rendered.push({ ...alert, html })
  })
  return rendered
}
