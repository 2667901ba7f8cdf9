import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml'
import { HIDDEN_ADVICE, hiddenCharacters } from '#lib/content/characters.ts'
import { fail } from '#lib/content/problems.ts'
import { remembering } from '#lib/content/remember.ts'
import { plural } from '#lib/text.ts'

/** A YAML file parsed so that a field path can be traced back to its line. */
export type Located = {
  file: string
  data: unknown
  /** The line of the value at a path such as [3, 'url'], or of the nearest parent found. */
  lineOf: (path: readonly PropertyKey[]) => number | undefined
}

type Ranged = { range?: [number, number, number] }

const CHECK =
  'Check the indentation (two spaces per level), start list entries with "- ", and put quotes around text that contains a colon followed by a space.'

const YAML_HINTS: Record<string, string> = {
  TAB_AS_INDENT: 'a line is indented with a tab. Use spaces (two per level).',
  DUPLICATE_KEY: 'the same field appears twice in one entry. Keep one of them.',
  MISSING_CHAR: 'a quote or a bracket is opened but not closed, on this line or a line above it.',
  BAD_INDENT: `a line is not indented like the lines around it. ${CHECK}`,
  BLOCK_AS_IMPLICIT_KEY: `a line is not indented like the lines around it, or some text contains a colon followed by a space. ${CHECK}`,
  MULTILINE_IMPLICIT_KEY: `a line is not indented like the lines around it. ${CHECK}`,
}

/** The likely cause of a mistake at `line`: a missing character is often a line one space off. */
function hint(code: string, text: string, line: number): string {
  const source = text.split('\n')[line - 1] ?? ''
  const indent = /^ */.exec(source)![0].length
  const quotes = (source.match(/"/g) ?? []).length % 2 === 1
  if (code === 'MISSING_CHAR' && !quotes && indent % 2 === 1)
    return `this line starts with ${plural(indent, 'space')}, an odd number: it is indented one space too few or too many. Lines at the same level start with the same number of spaces (two per level).`
  return YAML_HINTS[code] ?? CHECK
}

/** Parses YAML keeping its lines (plus `lineOffset`); a mistake stops with its line and likely cause. */
export const parseYamlWithLines = remembering(parse, (located) => ({
  ...located,
  data: structuredClone(located.data),
}))

function parse(text: string, file: string, lineOffset = 0): Located {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + lineOffset
  // A directive such as %YAML 1.1 changes how the rest reads (0100 would be 64).
  const directive = /^%.*/m.exec(text)
  if (directive)
    fail(file, lineAt(directive.index), `has a YAML directive ("${directive[0]}"). Delete the line`)
  const [error] = doc.errors
  if (error) {
    const at = error.linePos?.[0]?.line ?? 0
    fail(file, at + lineOffset || undefined, `is not valid YAML: ${hint(error.code, text, at)}`)
  }
  visit(doc, {
    Node(key, node) {
      const raw = text.slice(node.range![0], node.range![1])
      const refuse = (why: string) => fail(file, lineAt(node.range![0]), why)
      // Aliases (*name) repeat another value: staff never need them, and a few lines of them can
      // grow into millions of values. A tag (!name) changes what a value is.
      if (isAlias(node))
        refuse(
          `uses a YAML alias (*${node.source}), which repeats a value written elsewhere. Write the value out in full here`
        )
      if (node.tag)
        refuse(
          'uses a YAML tag (a word starting with "!"). Remove it: values are plain text, numbers, true or false'
        )
      if (!isScalar(node)) return
      // Values as read, keys too: an escape in quotes ("\u202E") is a character the file does not
      // show; names such as __proto__ mean something to JavaScript; numbers are plain decimals.
      const { value } = node
      const hidden = hiddenCharacters(String(value)).find(({ char }) => !raw.includes(char))
      if (hidden) refuse(`has ${hidden.what}, written as an escape. ${HIDDEN_ADVICE}`)
      if (key === 'key' && Object.hasOwn(Object.prototype, String(value)))
        refuse(`uses "${value}" as a name, which JavaScript keeps for itself. Choose another name`)
      if (typeof value === 'number' && !/^-?(0|[1-9]\d*)(\.\d+)?$/.test(raw))
        refuse(`has the number "${raw}". Write numbers as digits with at most one point: 45, 2.5`)
    },
  })
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
    return range ? lineAt(range[0]) : undefined
  }
  return { file, data: doc.toJS(), lineOf }
}
