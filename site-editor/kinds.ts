import { isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml'
import { unsupported, type Shape } from '#site-editor/shape.ts'

// One interpreter per kind of field, each in one place: the field Decap shows (with the schema's
// rules and words), the value Decap edits read from the file, and the value written back as a
// careful person would (and as Prettier leaves it): quotes only where needed, money with cents,
// `|` blocks; a text keeps the quotes the file gave it. Here the kinds of a single value; the
// kinds that hold others (groups, lists, maps, several shapes) are in groups.ts.

export const LIST_FIELD = 'items'
export const TYPE_KEY = '_type'
export const RECORD_KEY = 'id'
export const RECORD_VALUE = 'value'

export type CmsField = {
  name: string
  label: string
  widget: string
  pattern?: [string, string]
  [option: string]: unknown
}
export type Options = { widget: string; [option: string]: unknown }
export type Data = Record<string, unknown>
/** The text styles the file gave its texts, by field and text (formats.ts finds them). */
export type Writing = { kept: Map<string, Scalar.Type>; field: string }

export type Kind = {
  is: (shape: Shape) => boolean
  /** The JSON Schema keys it reads, beside the words (any other stops the editor). */
  keys: string[]
  field: (shape: Shape, path: string, optional: boolean) => Options
  /** A value of the file as Decap edits it. */
  read?: (value: unknown, shape: Shape) => unknown
  /** A value Decap holds, as the file writes it. */
  write: (value: unknown, shape: Shape, writing: Writing) => Node
}

export const isData = (value: unknown): value is Data =>
  !!value && typeof value === 'object' && !Array.isArray(value)

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
/** Nothing worth a line: an empty text, list or group. */
export const emptyNode = (node: Node): boolean =>
  isScalar(node)
    ? isEmpty(node.value)
    : isSeq(node)
      ? node.items.length === 0
      : isMap(node) && node.items.every((pair) => emptyNode(pair.value as Node))

/** Text that looks like a number (08831, 1,650, +17322510900,3) is quoted, so no reader takes it for one. */
const NUMBER_LIKE = /^[-+]?\d[\d,._]*$/

function textNode(text: string, { kept, field }: Writing, quoted = false): Scalar {
  const node = new Scalar(text)
  const style = kept.get(`${field}\0${text}`)
  if (style) node.type = style
  else if (text.includes('\n')) {
    // A block keeps the text as typed, final newline (`|`) or none (`|-`) included.
    node.value = text.replace(/[ \t]+$/gm, '').replace(/\n{2,}$/, '\n')
    node.type = Scalar.BLOCK_LITERAL
  } else if (quoted || NUMBER_LIKE.test(text))
    node.type = text.includes("'") ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE
  return node
}

export function mapOf(pairs: [string, Node][]): YAMLMap {
  const map = new YAMLMap()
  map.items = pairs.map(([key, node]) => new Pair(new Scalar(key), node))
  // A group of one short value reads best on one line: { date: '2019-01-01' }
  map.flow = pairs.length === 1 && isScalar(pairs[0]![1])
  return map
}

export function seqOf(items: Node[]): YAMLSeq {
  const seq = new YAMLSeq()
  seq.items = items
  seq.flow = items.length === 0
  return seq
}

/** A value no field describes (a key the schema does not know, kept for the check to name). */
export function plain(value: unknown, writing: Writing): Node {
  if (typeof value === 'string') return textNode(value, writing)
  if (Array.isArray(value)) return seqOf(value.map((item) => plain(item, writing)))
  if (isData(value))
    return mapOf(
      Object.entries(value).map(([key, v]) => [key, plain(v, { ...writing, field: key })])
    )
  return new Scalar(value ?? null)
}

// ------------------------------------------------------------------ the kinds

const MONEY = 0.01
export const MONEY_PATTERN: [string, string] = [
  '^\\d+(\\.\\d{1,2})?$',
  'should be an amount in dollars such as 45.00: no minus sign, and at most two digits of cents.',
]
const EMAIL = 'should be an e-mail address such as name@example.org'

/** A pattern that checks a text's length as the schema does (after trimming, when it trims). */
function lengthRule({ minLength: min, maxLength: max, trim }: Shape) {
  if (min === undefined && max === undefined) return []
  const message =
    min !== undefined && min === max
      ? `should be exactly ${min} characters long`
      : max === undefined
        ? `should be at least ${min} characters long`
        : (min ?? 1) <= 1
          ? `should be at most ${max} characters long`
          : `should be ${min} to ${max} characters long`
  if (!trim) return [{ source: `^[\\s\\S]{${min ?? 0},${max ?? ''}}$`, message }]
  // Trimmed text: starts and ends with a visible character, between min and max long.
  const high = max === undefined ? '' : String(max - 2)
  const source =
    (min ?? 1) > 1
      ? `^\\s*\\S[\\s\\S]{${Math.max(min! - 2, 0)},${high}}\\S\\s*$`
      : max === 1
        ? '^\\s*\\S\\s*$'
        : `^\\s*\\S(?:[\\s\\S]{0,${high}}\\S)?\\s*$`
  return [{ source, message }]
}

/** One Decap pattern for all of a text's rules, each in the schema's own words. */
function textPattern(shape: Shape, optional: boolean): [string, string] | undefined {
  const patterns = [shape.pattern, ...(shape.allOf ?? []).map((rule) => rule.pattern)]
  const rules = [
    ...patterns
      .filter((p): p is string => p !== undefined)
      .map((source) => ({
        source,
        message:
          shape.messages?.[source] ??
          (shape.format === 'email' ? EMAIL : 'is not written the right way'),
      })),
    ...lengthRule(shape),
  ]
  if (rules.length === 0) return undefined
  const all =
    rules.length === 1 ? rules[0]!.source : `^${rules.map((r) => `(?=${r.source})`).join('')}`
  // An optional field left blank is left out of the file: blank is fine.
  // Shown after the field's name: "Id should be an id such as budget-2019 (lower case, hyphens)."
  return [optional ? `^\\s*$|${all}` : all, `${rules.map((r) => r.message).join(', and ')}.`]
}

export const text: Kind = {
  is: (shape) => shape.type === 'string',
  keys: ['type', 'minLength', 'maxLength', 'pattern', 'allOf', 'format', 'trim', 'messages'],
  field(shape, path, optional) {
    if (shape.format && shape.format !== 'email') unsupported(path, `the format "${shape.format}"`)
    const pattern = textPattern(shape, optional)
    const long = shape.markdown || (shape.maxLength ?? 0) >= 300
    return { widget: long ? 'text' : 'string', ...(pattern ? { pattern } : {}) }
  },
  // Markdown keeps its line ends as they are: a `|` block's final one too.
  write: (value, shape, writing) =>
    typeof value !== 'string'
      ? plain(value, writing)
      : textNode(shape.trim && !shape.markdown ? value.trim() : value, writing),
}

/** A day: typed as text (day-widget.tsx says why), which the widget checks; quoted in the file. */
export const day: Kind = {
  is: (shape) => shape.type === 'string' && shape.format === 'date',
  keys: ['type', 'format', 'pattern'],
  field: (shape) => ({
    widget: 'day',
    ...(shape.onOrAfter ? { on_or_after: shape.onOrAfter } : {}),
  }),
  write: (value, _, writing) =>
    typeof value === 'string' ? textNode(value, writing, true) : plain(value, writing),
}

/** A whole number, or an amount of money (shown and written with its cents). */
export const number: Kind = {
  is: (shape) => shape.type === 'number' || shape.type === 'integer',
  keys: ['type', 'minimum', 'maximum', 'multipleOf'],
  field(shape, path) {
    const money = shape.multipleOf === MONEY
    if (shape.multipleOf !== undefined && !money)
      unsupported(path, 'a number that is neither whole nor an amount of money')
    const integer = shape.type === 'integer'
    // z.int() brings the safe-integer range; only the limits the schema states matter to people.
    const limit = (n?: number) => n !== undefined && Math.abs(n) !== Number.MAX_SAFE_INTEGER
    return {
      widget: 'number',
      value_type: integer ? 'int' : 'float',
      step: integer ? 1 : money ? MONEY : 0.1,
      ...(limit(shape.minimum) ? { min: shape.minimum } : {}),
      ...(limit(shape.maximum) ? { max: shape.maximum } : {}),
      ...(money ? { pattern: MONEY_PATTERN } : {}),
    }
  },
  read: (value, shape) =>
    shape.multipleOf === MONEY && typeof value === 'number' ? value.toFixed(2) : value,
  write(value, shape, writing) {
    const typed = typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    const n = typed ? Number(value) : value
    if (typeof n !== 'number') return plain(n, writing)
    const node = new Scalar(n)
    if (shape.multipleOf === MONEY) node.minFractionDigits = 2
    return node
  },
}

export const boolean: Kind = {
  is: (shape) => shape.type === 'boolean',
  keys: ['type'],
  field: (shape) => ({ widget: 'boolean', default: shape.default ?? false }),
  write: (value, _, writing) => plain(value, writing),
}

export const choice: Kind = {
  is: (shape) => shape.type === 'string' && (!!shape.enum || shape.const !== undefined),
  keys: ['type', 'enum', 'const'],
  field(shape) {
    const values = shape.enum ?? [shape.const!]
    const words = (value: string) =>
      shape.choices?.[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replaceAll('-', ' ')
    return {
      widget: 'select',
      options: values.map((value) => ({ label: words(value), value })),
      // A choice of one (the form service) is made for you.
      ...(values.length === 1 ? { default: values[0] } : {}),
    }
  },
  write: (value, _, writing) => plain(value, writing),
}
