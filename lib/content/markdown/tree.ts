import type { Root, RootContent } from 'mdast'

export type AnyNode = Root | RootContent
export type ParentNode = Extract<AnyNode, { children: unknown[] }>
/** Anything with a position in the Markdown file. */
export type Positioned = { position?: { start: { line: number } } } | undefined

/** Visits every node, parents before children. */
export function walk(node: AnyNode, visit: (node: AnyNode) => void) {
  visit(node)
  if ('children' in node) for (const child of node.children) walk(child as AnyNode, visit)
}

/** Visits every node that has children. */
export function walkParents(node: AnyNode, visit: (parent: ParentNode) => void) {
  if (!('children' in node)) return
  visit(node as ParentNode)
  for (const child of node.children) walkParents(child as AnyNode, visit)
}

/** The text of a node and its children, without markup. */
export function plainText(node: AnyNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((c) => plainText(c as AnyNode)).join('')
  return ''
}
