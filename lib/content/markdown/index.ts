import type { Link, Paragraph, RootContent } from 'mdast'
import type { Block } from '#lib/content/blocks.ts'
import { failAt, type MarkdownContext } from '#lib/content/markdown/context.ts'
import { DIRECTIVES, directiveBlock, directiveOf } from '#lib/content/markdown/directives.ts'
import { assignHeadingIds } from '#lib/content/markdown/headings.ts'
import { resolveAnchors, resolveLink } from '#lib/content/markdown/links.ts'
import { parseMarkdown, toHtml } from '#lib/content/markdown/processor.ts'
import { replaceTokens } from '#lib/content/markdown/tokens.ts'
import { walk, type AnyNode } from '#lib/content/markdown/tree.ts'
import { didYouMean } from '#lib/content/messages.ts'
import { ContentError, ProblemList } from '#lib/content/problems.ts'

// The Markdown pipeline's one entry point. Each step is its own module:
// parsing and sanitizing (processor), heading ids (headings), links (links),
// {{tokens}} (tokens) and `@` lines (directives). Every reference is checked
// on the way, and a mistake stops with a message at its line.

export type { MarkdownContext } from '#lib/content/markdown/context.ts'

/** Lists and quotes inside each other, at most: deeper nesting is refused before parsing. */
const MAX_NESTING = 10

/**
 * Turns a page's Markdown into blocks: sanitized HTML and the embeds its `@`
 * lines ask for. Every mistake in the text is found in one go: the
 * ContentError lists them all.
 */
export function renderMarkdown(markdown: string, ctx: MarkdownContext): Block[] {
  refuseDeepNesting(markdown, ctx)
  const tree = parseMarkdown(markdown)
  const noted = new ProblemList()
  refuseUnsupported(tree, ctx, noted)
  const headings = assignHeadingIds(tree, ctx, noted)
  const anchors: Link[] = []
  walk(tree, (node) => {
    if (node.type === 'link' && noted.catch(() => resolveLink(node, ctx))) anchors.push(node)
  })
  // Tokens can add links (mailto, tel), so they run after links are checked.
  replaceTokens(tree, ctx, noted)
  resolveAnchors(anchors, headings, ctx, noted)

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
    const { registries } = ctx
    const block = noted.catch(() =>
      registries
        ? directiveBlock(
            directive.name,
            directive.args,
            node as Paragraph,
            { ...ctx, registries },
            level
          )
        : knownDirective(directive.name, node as Paragraph, ctx)
    )
    if (block) blocks.push(block)
  }
  flush()
  if (noted.items.length > 0) throw new ContentError(noted.items)
  return blocks
}

/** Without registries an `@` line is checked only for its name. */
function knownDirective(name: string, node: Paragraph, ctx: MarkdownContext): undefined {
  if ((DIRECTIVES as readonly string[]).includes(name)) return undefined
  return failAt(
    ctx,
    node,
    `has an unknown @ line "@${name}".${didYouMean(name, DIRECTIVES)} The @ lines are: ${DIRECTIVES.map((d) => '@' + d).join(', ')}`
  )
}

/**
 * Quotes and lists nested thousands deep would take the parser minutes (or
 * its whole stack); real pages nest a few levels. Counted per line, from
 * the quote and list markers and the indentation in front of the text.
 */
function refuseDeepNesting(markdown: string, ctx: MarkdownContext) {
  const lines = markdown.split('\n')
  lines.forEach((line, i) => {
    const lead = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*/.exec(line)![0]
    const markers = (lead.match(/>|[-*+]|\d{1,9}[.)]/g) ?? []).length
    const indent = lead.replace(/\t/g, '    ').length
    if (markers > MAX_NESTING || indent > 4 * MAX_NESTING)
      failAt(
        ctx,
        { position: { start: { line: i + 1 } } },
        `nests lists or quotes more than ${MAX_NESTING} levels deep. Keep lists and quotes to a few levels`
      )
  })
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
function refuseUnsupported(tree: AnyNode, ctx: MarkdownContext, noted: ProblemList) {
  // Raw HTML is reported once per line: <b>x</b> is one mistake, not two.
  const htmlLines = new Set<number | undefined>()
  walk(tree, (node) => {
    if (node.type === 'html') {
      const line = node.position?.start.line
      if (htmlLines.has(line)) return
      htmlLines.add(line)
    }
    noted.catch(() => refuseNode(node, ctx))
  })
}

function refuseNode(node: AnyNode, ctx: MarkdownContext) {
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
}
