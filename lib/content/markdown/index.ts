import type { Link, RootContent } from 'mdast'
import type { Block } from '#lib/content/blocks.ts'
import { HIDDEN_ADVICE, hiddenCharacters } from '#lib/content/characters.ts'
import { directiveBlock, directiveOf } from '#lib/content/markdown/directives.ts'
import { assignHeadingIds, resolveAnchor, resolveLink } from '#lib/content/markdown/links.ts'
import { failAt, parseMarkdown, toHtml, walk } from '#lib/content/markdown/processor.ts'
import type { AnyNode, MarkdownContext } from '#lib/content/markdown/processor.ts'
import { replaceTokens } from '#lib/content/markdown/tokens.ts'
import { ContentError, ProblemList } from '#lib/content/problems.ts'

// The Markdown pipeline: parse and sanitize (processor), heading ids, links, {{tokens}}
// and `@` lines, each reference checked on the way, every mistake at its line.

export type { MarkdownContext } from '#lib/content/markdown/processor.ts'

const MAX_NESTING = 10
const BRACKETS = `more than ${MAX_NESTING} "[" open, or "]" closing none, in one paragraph. Write \\[ or \\] for a bracket that is only text`

/** A page's Markdown as blocks; the ContentError lists every mistake. */
export function renderMarkdown(markdown: string, ctx: MarkdownContext): Block[] {
  refuseDeepNesting(markdown, ctx)
  const tree = parseMarkdown(markdown)
  const noted = new ProblemList()
  // Raw HTML is reported once per line: <b>x</b> is one mistake, not two.
  const htmlLines = new Set<number | undefined>()
  walk(tree, (node) => {
    if (node.type === 'html') {
      if (htmlLines.has(node.position?.start.line)) return
      htmlLines.add(node.position?.start.line)
    }
    noted.catch(() => refuseNode(node, ctx, markdown))
  })
  const headings = assignHeadingIds(tree, ctx, noted)
  const anchors: Link[] = []
  walk(tree, (node) => {
    if (node.type === 'link' && noted.catch(() => resolveLink(node, ctx))) anchors.push(node)
  })
  // Tokens can add links (mailto, tel), so they run after links are checked.
  replaceTokens(tree, ctx, noted)
  for (const link of anchors) noted.catch(() => resolveAnchor(link, headings, ctx))

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
    if (!directive) pending.push(node)
    else {
      flush()
      const level = Math.min(lastHeading + 1, 4) as 2 | 3 | 4
      const block = noted.catch(() => directiveBlock(directive, ctx, level))
      if (block) blocks.push(block)
    }
  }
  flush()
  if (noted.items.length > 0) throw new ContentError(noted.items)
  return blocks
}

// Quotes and lists nested thousands deep would take the parser minutes (or its whole stack), and
// so would brackets: remark-gfm's footnotes look back over the paragraph at each "]" that closes
// no "[", micromark over the open "["s at each link. Counting both keeps it linear (bench:brackets).
function refuseDeepNesting(markdown: string, ctx: MarkdownContext) {
  let [open, stray] = [0, 0]
  markdown.split('\n').forEach((line, i) => {
    const refuse = (why: string) => failAt(ctx, { position: { start: { line: i + 1 } } }, why)
    const lead = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*/.exec(line)![0]
    const markers = (lead.match(/>|[-*+]|\d{1,9}[.)]/g) ?? []).length
    const indent = lead.replace(/\t/g, '    ').length
    if (markers > MAX_NESTING || indent > 4 * MAX_NESTING)
      refuse(
        `nests lists or quotes more than ${MAX_NESTING} levels deep. Keep lists and quotes to a few levels`
      )
    if (line.trim() === '') [open, stray] = [0, 0]
    for (const [bracket] of line.replace(/\\./g, '').matchAll(/[[\]]/g)) {
      if (bracket === '[') open++
      else if (open > 0) open--
      else stray++
      if (open > MAX_NESTING || stray > MAX_NESTING) refuse(`has ${BRACKETS}`)
    }
  })
}

/** Markdown of text and links only (alert messages, transcripts), as sanitized HTML. */
export function renderText(markdown: string, ctx: MarkdownContext): string {
  return renderMarkdown(markdown, ctx)
    .map((block) =>
      block.kind === 'html'
        ? block.html
        : failAt(ctx, undefined, `can hold text and links only, not "@${block.kind}" lines`)
    )
    .join('\n')
}

/** Markdown that would be lost or cannot be checked stops with a plain reason. */
function refuseNode(node: AnyNode, ctx: MarkdownContext, markdown: string) {
  // A character reference (&#x202E;) is a character the file itself does not show.
  const source = markdown.slice(node.position?.start.offset, node.position?.end.offset)
  const hidden =
    node.type === 'text' && hiddenCharacters(node.value).find((h) => !source.includes(h.char))
  // Comments are notes for editors; other raw HTML, even between two comments in one node, the
  // sanitizer would drop without a word. (<!--> and <!---> are whole comments.)
  const why = hidden
    ? `has ${hidden.what}, written as a character reference (&…;). ${HIDDEN_ADVICE}`
    : node.type === 'html' && node.value.replace(/<!--(?:-?>|[\s\S]*?-->)/g, '').trim()
      ? `has raw HTML (${JSON.stringify(node.value.trim().slice(0, 40))}). Raw HTML is not allowed; it would be removed when the page is built. Write the text in Markdown, and use an @ line (content/README.md) to embed a video, form or document`
      : node.type === 'image' || node.type === 'imageReference'
        ? 'has an image in the text; images are not supported there (use a diagram or a document)'
        : node.type === 'definition'
          ? 'has a link reference definition; write links inline as [text](address)'
          : undefined
  if (why) failAt(ctx, node, why)
}
