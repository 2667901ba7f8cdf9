import { isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml'
import { unsupported, variantsOf, type Shape } from '#site-editor/shape.ts'

// One interpreter per kind of field, each in one place: the field Decap shows (with the schema's
// rules and words), the value Decap edits read from the file, and the value written back as a
// careful person would (and as Prettier leaves it): keys in schema order, empty fields left out,
// quotes only where needed, money with cents, `|` blocks; a text keeps the quotes the file gave
// it. What Decap edits differs from the file: a map is a list of { id, … }, an entry of several
// shapes carries `_type`, and a file that is one list is { items }.

export const LIST_FIELD = 'items'
export const TYPE_KEY = '_type'
export const RECORD_KEY = 'id'
export const RECORD_VALUE = 'value'
export const MONEY_PATTERN: [string, string] = [
  '^\\d+(\\.\\d{1,2})?$',
  'should be an amount in dollars such as 45.00: no minus sign, and at most two digits of cents.',
]

export type CmsField = { name: string; label: string; widget: string; [option: string]: unknown }
type Options = { widget: string; [option: string]: unknown }
type Data = Record<string, unknown>
/** The quotes the file gave its texts (by field and text), and the field being written. */
export type Writing = { kept: Map<string, Scalar.Type>; field: string }
type Kind = {
  is: (shape: Shape) => boolean
  /** The JSON Schema keys it reads, beside the words: any other stops the editor. */
  keys: string
  field: (shape: Shape, path: string, optional: boolean) => Options
  /** A value of the file as Decap edits it. */
  read?: (value: unknown, shape: Shape) => unknown
  /** A value Decap holds, as the file writes it. */
  write: (value: unknown, shape: Shape, writing: Writing) => Node
}

export const isData = (value: unknown): value is Data =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** Nothing worth a line: an empty text, list or group. */
const empty = (node: Node): boolean =>
  isScalar(node)
    ? node.value == null || (typeof node.value === 'string' && node.value.trim() === '')
    : isSeq(node)
      ? node.items.length === 0
      : isMap(node) && node.items.every((pair) => empty(pair.value as Node))

function textNode(text: string, { kept, field }: Writing, quoted = false): Scalar {
  const node = new Scalar(text)
  const style = kept.get(`${field}\0${text}`)
  if (style) node.type = style
  else if (text.includes('\n')) {
    // A block keeps the text as typed, final newline (`|`) or none (`|-`) included.
    node.value = text.replace(/[ \t]+$/gm, '').replace(/\n{2,}$/, '\n')
    node.type = Scalar.BLOCK_LITERAL
  }
  // A day, or text that looks like a number (08831, +17322510900,3), is quoted for every reader.
  else if (quoted || /^[-+]?\d[\d,._]*$/.test(text))
    node.type = text.includes("'") ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE
  return node
}

function mapOf(pairs: [string, Node][]): YAMLMap {
  const map = new YAMLMap()
  map.items = pairs.map(([key, node]) => new Pair(new Scalar(key), node))
  // A group of one short value reads best on one line: { date: '2019-01-01' }
  map.flow = pairs.length === 1 && isScalar(pairs[0]![1])
  return map
}

function seqOf(items: Node[]): YAMLSeq {
  const seq = new YAMLSeq()
  seq.items = items
  seq.flow = items.length === 0
  return seq
}

/** A value no field describes: a key the schema does not know, kept for the check to name. */
function plain(value: unknown, writing: Writing): Node {
  if (typeof value === 'string') return textNode(value, writing)
  if (Array.isArray(value)) return seqOf(value.map((item) => plain(item, writing)))
  if (!isData(value)) return new Scalar(value ?? null)
  return mapOf(Object.entries(value).map(([k, v]) => [k, plain(v, { ...writing, field: k })]))
}

/** Each of a text's rules as a pattern Decap checks, with the schema's words for it. */
function textRules(shape: Shape) {
  const { minLength: min, maxLength: max, trim } = shape
  const patterns = [shape.pattern, ...(shape.allOf ?? []).map((rule) => rule.pattern)]
  const words = (source: string) =>
    shape.messages?.[source] ?? UNNAMED[shape.format ?? ''] ?? 'is not written the right way'
  const rules = patterns.flatMap((source) => (source ? [{ source, message: words(source) }] : []))
  if (min === undefined && max === undefined) return rules
  const message =
    min !== undefined && min === max
      ? `should be exactly ${min} characters long`
      : max === undefined
        ? `should be at least ${min} characters long`
        : (min ?? 1) <= 1
          ? `should be at most ${max} characters long`
          : `should be ${min} to ${max} characters long`
  // Trimmed text starts and ends with a visible character, and is between min and max long.
  const high = max === undefined ? '' : String(max - 2)
  const source = !trim
    ? `^[\\s\\S]{${min ?? 0},${max ?? ''}}$`
    : (min ?? 1) > 1
      ? `^\\s*\\S[\\s\\S]{${Math.max(min! - 2, 0)},${high}}\\S\\s*$`
      : max === 1
        ? '^\\s*\\S\\s*$'
        : `^\\s*\\S(?:[\\s\\S]{0,${high}}\\S)?\\s*$`
  return [...rules, { source, message }]
}
/** The words of a pattern the schema gives none for: zod's own e-mail rule. */
const UNNAMED: Record<string, string> = {
  email: 'should be an e-mail address such as name@example.org',
}

const text: Kind = {
  is: (shape) => shape.type === 'string',
  keys: 'type minLength maxLength pattern allOf format trim messages',
  field(shape, path, optional) {
    if (shape.format && shape.format !== 'email') unsupported(path, `the format "${shape.format}"`)
    const rules = textRules(shape)
    const all =
      rules.length === 1 ? rules[0]!.source : `^${rules.map((r) => `(?=${r.source})`).join('')}`
    const long = shape.markdown || (shape.maxLength ?? 0) >= 300
    const widget = shape.workshop ? 'captions' : long ? 'text' : 'string'
    if (!rules.length) return { widget }
    // Blank is fine where the field may be left out. Shown after the field's name: "Id should be…".
    const pattern = [
      optional ? `^\\s*$|${all}` : all,
      `${rules.map((r) => r.message).join(', and ')}.`,
    ]
    return { widget, pattern }
  },
  // Markdown keeps its line ends as they are: a `|` block's final one too.
  write: (value, shape, writing) =>
    typeof value !== 'string'
      ? plain(value, writing)
      : textNode(shape.trim && !shape.markdown ? value.trim() : value, writing),
}

/** A day: typed as text, which the widget checks (day-widget.tsx says why); quoted in the file. */
const day: Kind = {
  is: (shape) => shape.type === 'string' && shape.format === 'date',
  keys: 'type format pattern',
  field: ({ onOrAfter }) => ({ widget: 'day', ...(onOrAfter ? { on_or_after: onOrAfter } : {}) }),
  write: (value, _, writing) =>
    typeof value === 'string' ? textNode(value, writing, true) : plain(value, writing),
}

/** A whole number, or an amount of money (shown and written with its cents). */
const number: Kind = {
  is: (shape) => shape.type === 'number' || shape.type === 'integer',
  keys: 'type minimum maximum multipleOf',
  field(shape, path) {
    const money = shape.multipleOf === 0.01
    if (shape.multipleOf !== undefined && !money) unsupported(path, 'a multiple other than cents')
    const integer = shape.type === 'integer'
    // z.int() brings the safe-integer range; only the limits the schema states matter to people.
    const limit = (n?: number) => n !== undefined && Math.abs(n) !== Number.MAX_SAFE_INTEGER
    return {
      widget: 'number',
      value_type: integer ? 'int' : 'float',
      step: integer ? 1 : money ? 0.01 : 0.1,
      ...(limit(shape.minimum) ? { min: shape.minimum } : {}),
      ...(limit(shape.maximum) ? { max: shape.maximum } : {}),
      ...(money ? { pattern: MONEY_PATTERN } : {}),
    }
  },
  read: (value, shape) =>
    shape.multipleOf === 0.01 && typeof value === 'number' ? value.toFixed(2) : value,
  write(value, shape, writing) {
    const typed = typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    if (!typed && typeof value !== 'number') return plain(value, writing)
    const node = new Scalar(Number(value))
    if (shape.multipleOf === 0.01) node.minFractionDigits = 2
    return node
  },
}

const boolean: Kind = {
  is: (shape) => shape.type === 'boolean',
  keys: 'type',
  field: (shape) => ({ widget: 'boolean', default: shape.default ?? false }),
  write: (value, _, writing) => plain(value, writing),
}

const choice: Kind = {
  is: (shape) => shape.type === 'string' && (!!shape.enum || shape.const !== undefined),
  keys: 'type enum const',
  field({ enum: values = [], const: only, choices }) {
    const options = (only === undefined ? values : [only]).map((value) => ({
      label:
        choices?.[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replaceAll('-', ' '),
      value,
    }))
    // A choice of one (the form service) is made for you.
    return { widget: 'select', options, ...(only === undefined ? {} : { default: only }) }
  },
  write: (value, _, writing) => plain(value, writing),
}

const object: Kind = {
  is: (shape) => shape.type === 'object' && !!shape.properties,
  keys: 'type properties required additionalProperties',
  field: (shape, path) => ({ widget: 'object', collapsed: false, fields: fieldsOf(shape, path) }),
  read: (value, { properties }) =>
    isData(value)
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, properties![k] ? read(v, properties![k]) : v])
        )
      : value,
  write(value, shape, writing) {
    if (!isData(value)) return plain(value, writing)
    const pairs: [string, Node][] = []
    for (const [name, field] of Object.entries(shape.properties!)) {
      const inner = value[name]
      if (inner === undefined || (inner === false && field.default === false)) continue
      const node = write(inner, field, { ...writing, field: name })
      if (shape.required?.includes(name) || !empty(node)) pairs.push([name, node])
    }
    // Keys the schema does not know are kept, last, for the check to name.
    for (const [name, inner] of Object.entries(value)) {
      const node = plain(inner, { ...writing, field: name })
      if (!(name in shape.properties!) && !empty(node)) pairs.push([name, node])
    }
    return mapOf(pairs)
  },
}

const list: Kind = {
  is: (shape) => shape.type === 'array',
  keys: 'type items minItems',
  field: (shape, path) => listField(shape.items!, shape, path),
  read: (value, shape) => (Array.isArray(value) ? value.map((v) => read(v, shape.items!)) : value),
  write: (value, shape, writing) =>
    Array.isArray(value)
      ? seqOf(value.map((item) => write(item, shape.items!, writing)))
      : plain(value, writing),
}

/** A map from ids to values (figures, page tiles), edited as a list whose entries lead with the id. */
const record: Kind = {
  is: (shape) => shape.type === 'object' && !shape.properties,
  keys: 'type propertyNames additionalProperties',
  field: (shape, path) => listField(shape.additionalProperties as Shape, shape, path, true),
  read(value, shape) {
    if (!isData(value)) return value
    const inner = shape.additionalProperties as Shape
    return Object.entries(value).map(([key, v]) => {
      const edited = read(v, inner)
      if (!isData(edited) || !(inner.anyOf || inner.type === 'object'))
        return { [RECORD_KEY]: key, [RECORD_VALUE]: edited }
      const { [TYPE_KEY]: type, ...fields } = edited
      return { ...(inner.anyOf ? { [TYPE_KEY]: type } : {}), [RECORD_KEY]: key, ...fields }
    })
  },
  write(value, shape, writing) {
    if (!Array.isArray(value)) return plain(value, writing)
    const inner = shape.additionalProperties as Shape
    const pairs = new Map<string, Node>()
    for (const { [RECORD_KEY]: key, ...rest } of value.filter(isData)) {
      if (typeof key !== 'string' || key === '') continue
      // A map cannot hold an id twice: say so rather than lose one of them.
      if (pairs.has(key))
        throw new Error(`Two entries have the id "${key}". Give each entry its own id.`)
      const v = inner.anyOf || inner.type === 'object' ? rest : rest[RECORD_VALUE]
      pairs.set(key, write(v, inner, { ...writing, field: key }))
    }
    return mapOf([...pairs])
  },
}

/** One of several shapes, named by the field only it has (route, link…), or `text`. */
const union: Kind = {
  is: (shape) => !!shape.anyOf,
  keys: 'anyOf',
  field: (_, path) => unsupported(path, 'several shapes outside a list'),
  read(value, shape) {
    const variant = variantOf(shape, value)
    if (!variant) return value
    if (variant.shape.type === 'string') return { [TYPE_KEY]: variant.name, [RECORD_VALUE]: value }
    return { [TYPE_KEY]: variant.name, ...(read(value, variant.shape) as Data) }
  },
  write(value, shape, writing) {
    if (!isData(value)) {
      const variant = variantOf(shape, value)
      return variant ? write(value, variant.shape, writing) : plain(value, writing)
    }
    const { [TYPE_KEY]: type, ...fields } = value
    const variant = variantsOf(shape, '').find((v) => v.name === type) ?? variantOf(shape, fields)
    if (!variant) return plain(fields, writing)
    // Decap's entry of the text kind holds the text as its value.
    const inner = variant.shape.type === 'string' ? fields[RECORD_VALUE] : fields
    return write(inner, variant.shape, writing)
  },
}

/** The shape a value of a union is written as: by its own field, or text for a string. */
function variantOf(shape: Shape, value: unknown) {
  return variantsOf(shape, '').find(({ name, shape: s }) =>
    s.type === 'string' ? typeof value === 'string' : isData(value) && name in value
  )
}

// The first that fits: a choice or a day before any text.
const KINDS = [union, choice, day, text, number, boolean, list, object, record]
/** The words and settings of lib/content/schemas.ts, beside each kind's own keys. */
const META =
  'title description default singular summary open markdown relation choices onOrAfter workshop'

function kindOf(shape: Shape, path: string): Kind {
  const kind = KINDS.find((k) => k.is(shape)) ?? unsupported(path, `a "${shape.type}" schema`)
  const keys = `${META} ${kind.keys}`.split(' ')
  for (const key of Object.keys(shape)) if (!keys.includes(key)) unsupported(path, `"${key}"`)
  if (kind === object && shape.additionalProperties !== false)
    unsupported(path, 'an object that allows any extra field')
  if (kind === record && shape.propertyNames?.type !== 'string')
    unsupported(path, 'a map whose keys are not text')
  return kind
}

export const read = (value: unknown, shape: Shape): unknown =>
  kindOf(shape, '').read?.(value, shape) ?? value
export const write = (value: unknown, shape: Shape, writing: Writing): Node =>
  kindOf(shape, '').write(value, shape, writing)

/** Fields that hold the id of another entry: chosen from a list of those entries. */
const relation = (collection: string, value: string, search: string[], display: string) => ({
  collection,
  ...(collection === 'pages' ? {} : { file: collection }),
  value_field: value,
  search_fields: search,
  display_fields: [display],
})
const inList = (field: string) => `${LIST_FIELD}.*.${field}`
export const RELATIONS = {
  documents: relation('documents', inList('id'), [inList('id'), inList('title')], inList('title')),
  links: relation('links', inList('id'), [inList('id'), inList('label')], inList('label')),
  pages: relation('pages', 'route', ['title', 'route'], 'title'),
}

/** The Decap field of a schema field, with the words staff see (the schema's metadata). */
export function fieldFor(name: string, shape: Shape, path: string, optional = false): CmsField {
  const { title: label, description: hint, singular } = shape
  if (!label)
    throw new Error(
      `site-editor: the field "${path}" has no words for staff. Give it a label and a hint (field(…) in lib/content/schemas.ts) so the editor shows it.`
    )
  const words = {
    name,
    label,
    ...(hint ? { hint } : {}),
    ...(singular ? { label_singular: singular } : {}),
    ...(optional ? { required: false } : {}),
  }
  if (!shape.relation) return { ...words, ...kindOf(shape, path).field(shape, path, optional) }
  if (shape.type !== 'string') unsupported(path, 'an id that is not text')
  return { ...words, widget: 'relation', ...RELATIONS[shape.relation], options_length: 500 }
}

/** The fields of a group, in schema order. */
export const fieldsOf = (shape: Shape, path: string) =>
  Object.entries(shape.properties!).map(([name, field]) =>
    fieldFor(name, field, `${path}.${name}`, !shape.required?.includes(name))
  )

/** A list, or a map edited as a list of entries that lead with their id. */
function listField(item: Shape, shape: Shape, path: string, keyed = false): Options {
  const lead = keyed ? [fieldFor(RECORD_KEY, shape.propertyNames!, `${path}.${RECORD_KEY}`)] : []
  const summary = shape.summary?.replace(/\{\{(\w+)\}\}/g, '{{fields.$1}}')
  /** The fields of an entry: its own, or one for its value (the text kind's is its "Text"). */
  const entry = (s: Shape, title = s.title) => [
    ...lead,
    ...(s.type === 'object' ? fieldsOf(s, path) : [fieldFor(RECORD_VALUE, { ...s, title }, path)]),
  ]
  const common = {
    widget: 'list',
    collapsed: !shape.open,
    // New entries where they show: a new document or alert first, not after 80 others.
    add_to_top: true,
    ...(shape.minItems ? { min: shape.minItems } : {}),
    ...(summary ? { summary } : {}),
  }
  if (!item.anyOf) {
    if (item.type !== 'object' && !keyed) unsupported(path, `a list of ${item.type ?? 'values'}`)
    return { ...common, fields: entry(item) }
  }
  // A list whose entries each pick their shape: Decap's variable types.
  const types = variantsOf(item, path).map(({ name, shape: variant }) => ({
    name,
    label: variant.title ?? unsupported(path, `a kind of entry ("${name}") without a label`),
    widget: 'object',
    ...(summary ? { summary } : {}),
    fields: entry(variant, 'Text'),
  }))
  return { ...common, typeKey: TYPE_KEY, types }
}
