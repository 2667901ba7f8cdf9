import { relative } from 'node:path'
import type { z } from 'zod'
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'

/**
 * A mistake in content/ that stops the build. The message is written for the
 * staff member who made the edit: it names the file (and line, where known),
 * the field or id, and what was expected.
 */
export class ContentError extends Error {
  readonly file: string
  readonly line?: number
  readonly field?: string

  constructor(opts: {
    file: string
    line?: number
    /** The registry entry, named by its id, when the file holds a list. */
    entry?: string
    field?: string
    problem: string
  }) {
    const where = opts.line ? `${displayPath(opts.file)}:${opts.line}` : displayPath(opts.file)
    const entry = opts.entry ? `entry "${opts.entry}": ` : ''
    const what = opts.field ? `field "${opts.field}" ${opts.problem}` : opts.problem
    super(`${where}: ${entry}${what}`)
    this.name = 'ContentError'
    this.file = opts.file
    this.line = opts.line
    this.field = opts.field
  }
}

/** Paths in messages are relative to the project, as staff see them in the editor. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file)
  return rel.startsWith('..') ? file : rel
}

/** Joins a schema path such as ['tiers', 0, 'amount'] into `tiers[0].amount`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`
    )
    .join('')
}

/** A YAML text parsed so that a field path can be traced back to its line. */
export type LocatedYaml = {
  data: unknown
  lineOf: (path: readonly PropertyKey[]) => number | undefined
}

/**
 * Parses YAML and keeps line positions. `lineOffset` is added to every line
 * (frontmatter starts one line below the opening `---`).
 */
export function parseYamlWithLines(text: string, file: string, lineOffset = 0): LocatedYaml {
  const lineCounter = new LineCounter()
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  const firstError = doc.errors[0]
  if (firstError) {
    const line = (firstError.linePos?.[0]?.line ?? 0) + lineOffset || undefined
    const reason = firstError.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')
    throw new ContentError({
      file,
      line,
      problem: `is not valid YAML: ${reason}. Check the indentation, and put quotes around text that contains a colon.`,
    })
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    let node: unknown = doc.contents
    let lastRange: [number, number, number] | undefined
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown })?.value === key)
        if (!pair) break
        lastRange = (pair.key as { range?: [number, number, number] }).range
        node = pair.value
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key]
        lastRange = (node as { range?: [number, number, number] } | undefined)?.range
      } else break
    }
    const range = lastRange ?? (doc.contents as { range?: [number, number, number] } | null)?.range
    return range ? lineCounter.linePos(range[0]).line + lineOffset : undefined
  }
  return { data: doc.toJS(), lineOf }
}

/** What a zod issue means, in words a content editor can act on. */
function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `is required (expected ${issue.expected})`
        : `should be ${article(issue.expected)} but is ${describeValue(value)}`
    case 'invalid_value':
      return `should be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')} (found ${describeValue(value)})`
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')} (check the spelling)`
    default:
      return issue.message
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

function describeValue(value: unknown): string {
  if (value === null) return 'empty'
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`
  if (Array.isArray(value)) return 'a list'
  if (value instanceof Date) return 'a date'
  if (typeof value === 'object') return 'a group of fields'
  return `${typeof value} ${JSON.stringify(value)}`
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/**
 * Validates data against a schema and turns the first problem into a
 * ContentError naming the file, line and field.
 */
export function parseWithContext<S extends z.ZodType>(
  schema: S,
  located: LocatedYaml,
  file: string
): z.output<S> {
  const result = schema.safeParse(located.data)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  let path: readonly PropertyKey[] = issue.path
  // In a list of entries, name the entry by its id rather than its position.
  let entry: string | undefined
  const first = path[0]
  if (typeof first === 'number' && Array.isArray(located.data)) {
    const id = (located.data[first] as { id?: unknown } | undefined)?.id
    entry = typeof id === 'string' ? id : `number ${first + 1}`
    path = path.slice(1)
  }
  throw new ContentError({
    file,
    line: located.lineOf(issue.path),
    entry,
    field: path.length ? fieldName(path) : undefined,
    problem: describeIssue(issue, valueAt(located.data, issue.path)),
  })
}
