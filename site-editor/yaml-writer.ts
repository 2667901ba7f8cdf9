import { Document, isMap, isScalar, isSeq, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml'
import { isData, variantOf, type ObjectSpec, type Spec } from '#site-editor/model.ts'

// Writes content as a careful person would, and as Prettier leaves it: keys
// in schema order, empty fields left out, quotes only where needed, money
// with cents, `|` blocks; a text the file holds keeps its quotes (keptStyles).

/** Text that looks like a number (08831, 1,650, +17322510900,3) is quoted, so no reader takes it for one. */
const NUMBER_LIKE = /^[-+]?\d[\d,._]*$/

export type WriteOptions = {
  /** A blank line between the top-level groups (fees.yaml, navigation.yaml). */
  sections?: boolean
  kept?: readonly KeptStyle[]
}

type KeptStyle = [field: string, text: string, style: Scalar.Type]

// Scalar.PLAIN, Scalar.QUOTE_SINGLE...
const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED']

export const isKeptStyle = (value: unknown): value is KeptStyle =>
  Array.isArray(value) &&
  value.length === 3 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string' &&
  STYLES.includes(value[2] as string)

/** Every text of a YAML node, by its place, with its field and style. */
function textsOf(
  node: unknown,
  place: string[] = [],
  field = '',
  found = new Map<string, KeptStyle>()
) {
  if (isMap(node))
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
      textsOf(pair.value, [...place, key], key, found)
    }
  else if (isSeq(node))
    node.items.forEach((item, i) => textsOf(item, [...place, String(i)], field, found))
  else if (isScalar(node) && typeof node.value === 'string' && node.type)
    found.set(JSON.stringify(place), [field, node.value, node.type])
  return found
}

/** The texts `file` wrote in another style than the writer does (`written`). */
export function keptStyles(file: Document, written: Document): KeptStyle[] {
  const mine = textsOf(written.contents)
  return [...textsOf(file.contents)].flatMap(([place, [field, text, style]]) => {
    const own = mine.get(place)
    return own && own[1] === text && own[2] !== style ? [[field, text, style] as KeptStyle] : []
  })
}

export function writeYaml(value: unknown, spec: Spec, options: WriteOptions = {}): string {
  // The site reads YAML 1.2; quoting what YAML 1.1 would take for a date,
  // a number or yes/no keeps the files the same for any reader.
  const doc = new Document(null, { version: '1.1' })
  const kept = new Map(options.kept?.map(([field, text, style]) => [`${field}\0${text}`, style]))
  const node = nodeFor({ doc, kept }, tidy(value, spec), spec, '')
  if (options.sections && node instanceof YAMLMap)
    for (const pair of node.items.slice(1)) if (isScalar(pair.key)) pair.key.spaceBefore = true
  doc.contents = node
  return doc.toString({ lineWidth: 0, singleQuote: true, indentSeq: true })
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.values(value).every(isEmpty)
  return false
}

/** The value as the file should hold it; keys the schema does not know are kept, last, for the check to name. */
function tidy(value: unknown, spec: Spec): unknown {
  switch (spec.kind) {
    case 'text':
      if (typeof value !== 'string') return value
      // Markdown keeps its line ends as they are: a `|` block's final one too.
      return spec.trim && !spec.markdown ? value.trim() : value
    case 'number':
      if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
        return Number(value)
      return value
    case 'object':
      return tidyObject(value, spec)
    case 'list':
      return Array.isArray(value) ? value.map((item) => tidy(item, spec.item)) : value
    case 'record':
      if (!isData(value)) return value
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, tidy(inner, spec.value)])
      )
    case 'union': {
      const variant = variantOf(spec, value)
      return variant ? tidy(value, variant.spec) : value
    }
    default:
      return value
  }
}

function tidyObject(value: unknown, spec: ObjectSpec): unknown {
  if (!isData(value)) return value
  const result: Record<string, unknown> = {}
  for (const { name, spec: field } of spec.fields) {
    if (!(name in value)) continue
    const inner = tidy(value[name], field)
    if (field.optional && isEmpty(inner)) continue
    if (field.kind === 'boolean' && inner === false && field.default === false) continue
    if (!field.optional && inner === undefined) continue
    result[name] = inner
  }
  for (const [name, inner] of Object.entries(value))
    if (!spec.fields.some((f) => f.name === name) && !isEmpty(inner)) result[name] = inner
  return result
}

type Writing = { doc: Document; kept: Map<string, Scalar.Type> }

function nodeFor(writing: Writing, value: unknown, spec: Spec | undefined, field: string): Node {
  const { doc } = writing
  if (spec?.kind === 'union') return nodeFor(writing, value, variantOf(spec, value)?.spec, field)
  if (typeof value === 'string') {
    const node = new Scalar(value)
    const kept = writing.kept.get(`${field}\0${value}`)
    if (kept) node.type = kept
    else if (value.includes('\n')) {
      // A block keeps the text as typed, final newline (`|`) or none (`|-`) included.
      node.value = value.replace(/[ \t]+$/gm, '').replace(/\n{2,}$/, '\n')
      node.type = Scalar.BLOCK_LITERAL
    } else if ((spec?.kind === 'text' && spec.format === 'date') || NUMBER_LIKE.test(value))
      node.type = value.includes("'") ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE
    return node
  }
  if (typeof value === 'number') {
    const node = new Scalar(value)
    if (spec?.kind === 'number' && spec.multipleOf === 0.01) node.minFractionDigits = 2
    return node
  }
  if (Array.isArray(value)) {
    const seq = new YAMLSeq()
    const item = spec?.kind === 'list' ? spec.item : undefined
    for (const entry of value) seq.items.push(nodeFor(writing, entry, item, field))
    if (value.length === 0) seq.flow = true
    return seq
  }
  if (value && typeof value === 'object') {
    const map = new YAMLMap()
    for (const [key, inner] of Object.entries(value)) {
      const innerSpec =
        spec?.kind === 'object'
          ? spec.fields.find((f) => f.name === key)?.spec
          : spec?.kind === 'record'
            ? spec.value
            : undefined
      map.add(doc.createPair(new Scalar(key), nodeFor(writing, inner, innerSpec, key)))
    }
    // A group of one short value reads best on one line: { date: '2019-01-01' }
    const entries = Object.values(value)
    if (entries.length === 1 && (typeof entries[0] !== 'object' || entries[0] === null))
      map.flow = true
    return map
  }
  return doc.createNode(value) as Node
}
