import type { CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import { fail } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { PageFrontmatter } from '#lib/content/schemas.ts'
import type { Positioned } from '#lib/content/markdown/tree.ts'

/** What the Markdown of one page (or one alert) is rendered and checked against. */
export type MarkdownContext = {
  /** The file being rendered, as staff see it, for messages. */
  file: string
  /** Lines above the Markdown in its file (the frontmatter), so messages give file lines. */
  lineOffset: number
  /** Every route the site publishes. */
  routes: ReadonlySet<string>
  /**
   * The checked registries. Absent when a registry has errors (those are
   * reported on their own): the text is then checked for everything that
   * does not need a registry, and references to registries are skipped.
   */
  registries?: Registries
  /** Every published page, for `@page-index`. */
  pages: readonly IndexedPage[]
  /** The page's tile groups, for `@tiles`. */
  tiles?: PageFrontmatter['tiles']
  /** Videos without captions and where they show, for `@videos-without-captions`. */
  captionGaps: readonly CaptionGap[]
  /** Each video's transcript, rendered, by video id. */
  transcripts?: ReadonlyMap<string, string>
}

/** A context whose registries are there: what `@` lines and tokens need. */
export type FullContext = MarkdownContext & { registries: Registries }

/** Stops rendering with a message at the node's line in the file. */
export function failAt(ctx: MarkdownContext, node: Positioned, message: string): never {
  return fail(
    ctx.file,
    node?.position ? node.position.start.line + ctx.lineOffset : undefined,
    message
  )
}
