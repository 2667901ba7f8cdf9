import type { RenderedAlert } from '#lib/content/alerts.ts'
import type { Block, CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import type { CheckedSource } from '#lib/content/check.ts'
import type { PageFile } from '#lib/content/read.ts'
import { renderMarkdown, renderText } from '#lib/content/markdown/index.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { PageFrontmatter } from '#lib/content/page-schemas.ts'

// Step 3 of the content check: the Markdown of pages, transcripts and alerts as sanitized HTML and blocks.

export type RenderedPage = PageFrontmatter & { file: string; blocks: Block[] }

/** Renders every published page, transcript and alert; without registries, still checks the pages' text. */
export function renderContent(checked: CheckedSource, problems: ProblemList, today: string) {
  const { registries, located, pages: published, routes } = checked
  const shared = {
    routes,
    registries,
    today,
    pages: published.map((p) => p.frontmatter),
    captionGaps: registries ? captionGaps(registries, published) : [],
    cues: checked.cues,
  }
  const context = (file: string, lineOffset = 0) => ({ ...shared, file, lineOffset })
  const transcripts = new Map<string, string>()
  const alerts: RenderedAlert[] = []
  if (registries) {
    const { videos: videoYaml, alerts: yaml } = located as Required<typeof located>
    ;[...registries.videos.values()].forEach(({ id, transcript }, i) => {
      if (!transcript) return
      const line = videoYaml.lineOf([i, 'transcript'])
      const html = problems.catch(() => renderText(transcript, context(videoYaml.file, line)))
      if (html) transcripts.set(id, html)
    })
    registries.alerts.forEach((alert, i) => {
      // A `message: |` block starts on the line after its key.
      const line = yaml.lineOf([i, 'message']) ?? 0
      const html = problems.catch(() => renderText(alert.message, context(yaml.file, line)))
      if (html === undefined) return
      if (html.replace(/<[^>]*>/g, '').trim() !== '') return void alerts.push({ ...alert, html })
      problems.error(
        yaml.file,
        line,
        `entry "${alert.id}": field "message" shows no text on the page. Write the notice in plain words`
      )
    })
  }
  const pages: RenderedPage[] = []
  const kept = rendered(JSON.stringify(shared, plainJson))
  for (const { file, frontmatter, body, bodyLine } of published) {
    const key = `${file}\0${bodyLine}\0${body}`
    const blocks = problems.catch(() => {
      const ctx = { ...context(file, bodyLine), tiles: frontmatter.tiles, transcripts }
      if (!kept.has(key)) kept.set(key, renderMarkdown(body, ctx))
      return structuredClone(kept.get(key)!)
    })
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

/** The pages rendered in the last two contexts (everything a page's text is read with), by
 * context: the editor checks the whole site at each Save and as the clerk types, and a page's
 * text renders the same while it and its context do. */
const contexts = new Map<string, Map<string, Block[]>>()
function rendered(context: string) {
  const kept = contexts.get(context) ?? new Map<string, Block[]>()
  contexts.delete(context)
  contexts.set(context, kept)
  if (contexts.size > 2) contexts.delete(contexts.keys().next().value!)
  return kept
}
const plainJson = (_: string, value: unknown) =>
  value instanceof Map || value instanceof Set ? [...value] : value

// A video is on a page shown (`@video id`) or linked (`[words](video:id)`).
const VIDEO_LINE = /^@video[ \t]+([a-z0-9-]+)[ \t]*$|\]\(video:([a-z0-9-]+)\)/gm

function captionGaps(registries: Registries, pages: readonly PageFile[]): CaptionGap[] {
  const shownOn = new Map<string, Map<string, Pick<IndexedPage, 'route' | 'title'>>>()
  for (const {
    body,
    frontmatter: { route, title },
  } of pages)
    for (const [, shown, linked] of body.matchAll(VIDEO_LINE))
      shownOn.set(
        shown ?? linked!,
        (shownOn.get(shown ?? linked!) ?? new Map()).set(route, { route, title })
      )
  return [...registries.videos.values()]
    .filter((video) => !video.captions || !video.descriptions)
    .map((video) => ({
      video,
      missing: (['captions', 'descriptions'] as const).filter((field) => !video[field]),
      pages: [...(shownOn.get(video.id)?.values() ?? [])].sort((a, b) =>
        a.route.localeCompare(b.route)
      ),
    }))
}
