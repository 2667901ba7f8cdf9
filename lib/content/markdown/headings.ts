import type { Root } from 'mdast'
import { failAt, plainText, walk, type MarkdownContext } from '#lib/content/markdown/processor.ts'
import type { ProblemList } from '#lib/content/problems.ts'

/** A heading's anchor: lower case, words joined by hyphens, tokens left out. */
function slugBase(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'section'
  )
}

/** Ids unique within a page, whatever the headings: "Tips", "Tips 1", "Tips" become tips, tips-1, tips-2. */
export class Slugger {
  readonly used = new Set<string>()

  slug(text: string): string {
    const base = slugBase(text)
    let id = base
    for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`
    this.used.add(id)
    return id
  }
}

/** Sets every heading's id, refusing one used twice in a page (a link would reach only the first). */
export function assignHeadingIds(tree: Root, ctx: MarkdownContext, noted: ProblemList) {
  const slugger = new Slugger()
  const first = new Map<string, { text: string; line?: number }>()
  walk(tree, (node) => {
    if (node.type !== 'heading') return
    const text = plainText(node)
    const base = slugBase(text)
    const earlier = first.get(base)
    if (earlier) {
      const where = earlier.line ? ` on line ${earlier.line + ctx.lineOffset}` : ''
      noted.catch(() =>
        failAt(
          ctx,
          node,
          earlier.text === text
            ? `the heading "${text}" is already used${where} of this page. Give each heading its own words, so each has its own link.`
            : `the heading "${text}" would get the same link (#${base}) as the heading "${earlier.text}"${where}. Give each heading its own words.`
        )
      )
    }
    first.set(base, { text, line: node.position?.start.line })
    const id = slugger.slug(text)
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
  })
  return slugger.used
}
