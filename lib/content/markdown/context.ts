import type { Root, RootContent } from 'mdast'
import type { CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import { fail } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { PageFrontmatter } from '#lib/content/schemas.ts'

// What the Markdown of one page (or alert, or transcript) is rendered and checked
// against, and the small tree helpers every step uses.

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
