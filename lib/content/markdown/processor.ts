import { defaultSchema } from 'hast-util-sanitize'
import type { Root, RootContent } from 'mdast'
import { remark } from 'remark'
import remarkGfm from 'remark-gfm'
import remarkHtml from 'remark-html'
import type { CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import type { Cue } from '#lib/content/check.ts'
import { fail } from '#lib/content/problems.ts'
import { remembering } from '#lib/content/remember.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { PageFrontmatter } from '#lib/content/page-schemas.ts'

// Sanitizing must stay on: GitHub's schema removes raw HTML (scripts, iframes, event
// handlers) and prefixes ids with `user-content-`; tel: is added so phones can be tapped.
const href = [...(defaultSchema.protocols?.href ?? []), 'tel']
const processor = remark()
  .use(remarkGfm)
  .use(remarkHtml, {
    sanitize: { ...defaultSchema, protocols: { ...defaultSchema.protocols, href } },
  })

/** The id prefix the sanitizer puts on every id written in Markdown. */
export const USER_CONTENT_PREFIX = 'user-content-'

/** In-page links to `#top` go to the page heading, which carries this id. */
export const TOP_ANCHOR = 'top'

export const parseMarkdown = remembering(
  (markdown: string) => processor.runSync(processor.parse(markdown)) as Root,
  structuredClone<Root>
)

export function toHtml(nodes: RootContent[]): string {
  return String(processor.stringify({ type: 'root', children: nodes })).trim()
}

// What the Markdown of one page (or alert, or transcript) is checked against, and tree helpers.
export type MarkdownContext = {
  /** The file, as staff see it, and the lines above the Markdown in it, for messages. */
  file: string
  lineOffset: number
  routes: ReadonlySet<string>
  /** Absent when a registry has errors: then only what needs no registry is checked. */
  registries?: Registries
  pages: readonly IndexedPage[]
  tiles?: PageFrontmatter['tiles']
  captionGaps: readonly CaptionGap[]
  transcripts?: ReadonlyMap<string, string>
  /** The cues of each checked captions or descriptions file, by its name. */
  cues?: ReadonlyMap<string, Cue[]>
  /** The day the site is built for (New Jersey): the next meeting is decided on it. */
  today: string
}

export type AnyNode = Root | RootContent

export function failAt(
  ctx: MarkdownContext,
  node: { position?: { start: { line: number } } } | undefined,
  message: string
): never {
  return fail(ctx.file, node?.position && node.position.start.line + ctx.lineOffset, message)
}

/** Visits every node, parents before their (possibly replaced) children. */
export function walk(node: AnyNode, visit: (node: AnyNode) => void) {
  visit(node)
  if ('children' in node) for (const child of node.children) walk(child as AnyNode, visit)
}

export function plainText(node: AnyNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((c) => plainText(c as AnyNode)).join('')
  return ''
}
