import type { Link, Paragraph, RootContent } from 'mdast'
import type { Block } from '#lib/content/blocks.ts'
import { failAt, type MarkdownContext } from '#lib/content/markdown/context.ts'
import { directiveBlock, directiveOf } from '#lib/content/markdown/directives.ts'
import { assignHeadingIds } from '#lib/content/markdown/headings.ts'
import { resolveAnchors, resolveLink } from '#lib/content/markdown/links.ts'
import { parseMarkdown, toHtml } from '#lib/content/markdown/processor.ts'
import { replaceTokens } from '#lib/content/markdown/tokens.ts'
import { walk, type AnyNode } from '#lib/content/markdown/tree.ts'

// The Markdown pipeline's one entry point. Each step is its own module:
// parsing and sanitizing (processor), heading ids (headings), links (links),
// {{tokens}} (tokens) and `@` lines (directives). Every reference is checked
// on the way, and a mistake stops with a message at its line.

export type { MarkdownContext } from '#lib/content/markdown/context.ts'
export { TOP_ANCHOR, USER_CONTENT_PREFIX } from '#lib/content/markdown/processor.ts'

/** Turns a page's Markdown into blocks: sanitized HTML and the embeds its `@` lines ask for. */
export function renderMarkdown(markdown: string, ctx: MarkdownContext): Block[] {
  const tree = parseMarkdown(markdown)
  refuseUnsupported(tree, ctx)
  const headings = assignHeadingIds(tree, ctx)
  const anchors: Link[] = []
  walk(tree, (node) => {
    if (node.type === 'link' && resolveLink(node, ctx)) anchors.push(node)
  })
  // Tokens can add links (mailto, tel), so they run after links are checked.
  replaceTokens(tree, ctx)
  resolveAnchors(anchors, headings, ctx)

  const blocks: Block[] = []
  let pending: RootContent[] = []
  const flush = () => {
    const html = pending.length ? toHtml(pending) : ''
    if (html) blocks.push({ kind: 'html', html })
    pending = []
  }
  // Lists that carry their own headings nest under the text's last heading.
  let lastHeading = 1
  for (const node of tree.children) {
    if (node.type === 'heading') lastHeading = node.depth
    const directive = node.type === 'paragraph' ? directiveOf(node) : null
    if (!directive) {
      pending.push(node)
      continue
    }
    flush()
    const level = Math.min(lastHeading + 1, 4) as 2 | 3 | 4
    blocks.push(directiveBlock(directive.name, directive.args, node as Paragraph, ctx, level))
  }
  flush()
  return blocks
}

/**
 * Renders Markdown that may hold text and links only (alert messages,
 * transcripts): no `@` lines. Returns the sanitized HTML.
 */
export function renderText(markdown: string, ctx: MarkdownContext): string {
  const blocks = renderMarkdown(markdown, ctx)
  const html = blocks.map((block) =>
    block.kind === 'html'
      ? block.html
      : failAt(ctx, undefined, `can hold text and links only, not "@${block.kind}" lines`)
  )
  return html.join('\n')
}

/** Markdown that would be lost or cannot be checked stops with a plain reason. */
function refuseUnsupported(tree: AnyNode, ctx: MarkdownContext) {
  walk(tree, (node) => {
    switch (node.type) {
      case 'html':
        // Comments are notes for editors and show nowhere; anything else would
        // be removed by the sanitizer without a word, so it is refused here.
        if (/^\s*<!--[\s\S]*-->\s*$/.test(node.value)) return
        failAt(
          ctx,
          node,
          `has raw HTML (${JSON.stringify(node.value.trim().slice(0, 40))}). Raw HTML is not allowed; it would be removed when the page is built. Write the text in Markdown, and use an @ line (content/README.md) to embed a video, form or document`
        )
        return
      case 'image':
      case 'imageReference':
        failAt(
          ctx,
          node,
          'has an image in the text; images are not supported there (use a diagram or a document)'
        )
        return
      case 'definition':
        failAt(ctx, node, 'has a link reference definition; write links inline as [text](address)')
        return
    }
  })
}
