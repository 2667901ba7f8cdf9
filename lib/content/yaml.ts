import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import { fail } from '#lib/content/problems.ts'

/** YAML text parsed so that a field path can be traced back to its line. */
export type LocatedYaml = {
  data: unknown
  /** The line of the value at a path such as [3, 'url'], or of the nearest parent found. */
  lineOf: (path: readonly PropertyKey[]) => number | undefined
}

type Ranged = { range?: [number, number, number] }

const CHECK =
  'Check the indentation (two spaces per level), start list entries with "- ", and put quotes around text that contains a colon followed by a space.'

/** What usually causes each kind of YAML mistake, in plain words. */
const YAML_HINTS: Record<string, string> = {
  TAB_AS_INDENT: 'a line is indented with a tab. Use spaces (two per level).',
  DUPLICATE_KEY: 'the same field appears twice in one entry. Keep one of them.',
  MISSING_CHAR: 'a quote or a bracket is opened but not closed, on this line or a line above it.',
  BLOCK_AS_IMPLICIT_KEY: `a line is not indented like the lines around it, or some text contains a colon followed by a space. ${CHECK}`,
  MULTILINE_IMPLICIT_KEY: `a line is not indented like the lines around it. ${CHECK}`,
}

/**
 * Parses YAML and keeps line positions. `lineOffset` is added to every line
 * (frontmatter starts below the opening `---`). A syntax error stops with a
 * message that names the line and says what usually causes it.
 */
export function parseYamlWithLines(text: string, file: string, lineOffset = 0): LocatedYaml {
  const lineCounter = new LineCounter()
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  const firstError = doc.errors[0]
  if (firstError) {
    const line = (firstError.linePos?.[0]?.line ?? 0) + lineOffset || undefined
    fail(file, line, `is not valid YAML: ${YAML_HINTS[firstError.code] ?? CHECK}`)
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    let node: unknown = doc.contents
    let lastRange: Ranged['range']
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown })?.value === key)
        if (!pair) break
        lastRange = (pair.key as Ranged).range
        node = pair.value
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key]
        lastRange = (node as Ranged | undefined)?.range
      } else break
    }
    const range = lastRange ?? (doc.contents as Ranged | null)?.range
    return range ? lineCounter.linePos(range[0]).line + lineOffset : undefined
  }
  return { data: doc.toJS(), lineOf }
}
