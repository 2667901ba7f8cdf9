import { type Node } from 'yaml'
import {
  boolean,
  choice,
  day,
  emptyNode,
  isData,
  LIST_FIELD,
  mapOf,
  number,
  plain,
  RECORD_KEY,
  RECORD_VALUE,
  seqOf,
  text,
  TYPE_KEY,
  type CmsField,
  type Data,
  type Kind,
  type Options,
  type Writing,
} from '#site-editor/kinds.ts'
import { unsupported, variantsOf, type Shape } from '#site-editor/shape.ts'

// The kinds of field that hold others, and the editor's field for any schema field. What Decap
// edits differs from the file here: a group's keys are written in schema order with empty fields
// left out, a map is a list of { id, … }, and an entry of several shapes carries `_type`.

const object: Kind = {
  is: (shape) => shape.type === 'object' && !!shape.properties,
  keys: ['type', 'properties', 'required', 'additionalProperties'],
  field: (shape, path) => ({ widget: 'object', collapsed: false, fields: fieldsOf(shape, path) }),
  read: (value, shape) =>
    isData(value)
      ? Object.fromEntries(
          Object.entries(value).map(([key, v]) => {
            const field = shape.properties![key]
            return [key, field ? read(v, field) : v]
          })
        )
      : value,
  write(value, shape, writing) {
    if (!isData(value)) return plain(value, writing)
    const pairs: [string, Node][] = []
    for (const [name, field] of Object.entries(shape.properties!)) {
      const inner = value[name]
      const optional = !shape.required?.includes(name)
      if (inner === undefined || (inner === false && field.default === false)) continue
      const node = write(inner, field, { ...writing, field: name })
      if (!(optional && emptyNode(node))) pairs.push([name, node])
    }
    // Keys the schema does not know are kept, last, for the check to name.
    for (const [name, inner] of Object.entries(value)) {
      const node = plain(inner, { ...writing, field: name })
      if (!(name in shape.properties!) && !emptyNode(node)) pairs.push([name, node])
    }
    return mapOf(pairs)
  },
}

const list: Kind = {
  is: (shape) => shape.type === 'array',
  keys: ['type', 'items', 'minItems'],
  field: (shape, path) => listField(shape.items!, shape, path),
  read: (value, shape) => (Array.isArray(value) ? value.map((v) => read(v, shape.items!)) : value),
  write: (value, shape, writing) =>
    Array.isArray(value)
      ? seqOf(value.map((item) => write(item, shape.items!, writing)))
      : plain(value, writing),
}

/** A map from ids to values (figures, page tiles), edited as a list whose entries carry the id. */
const record: Kind = {
  is: (shape) => shape.type === 'object' && !shape.properties,
  keys: ['type', 'propertyNames', 'additionalProperties'],
  field: (shape, path) => listField(shape.additionalProperties as Shape, shape, path, true),
  read(value, shape) {
    if (!isData(value)) return value
    const inner = shape.additionalProperties as Shape
    return Object.entries(value).map(([key, v]) => {
      const edited = read(v, inner)
      if (isData(edited)) {
        const { [TYPE_KEY]: type, ...fields } = edited
        if (inner.anyOf) return { [TYPE_KEY]: type, [RECORD_KEY]: key, ...fields }
        if (inner.type === 'object') return { [RECORD_KEY]: key, ...edited }
      }
      return { [RECORD_KEY]: key, [RECORD_VALUE]: edited }
    })
  },
  write(value, shape, writing) {
    if (!Array.isArray(value)) return plain(value, writing)
    const inner = shape.additionalProperties as Shape
    const pairs = new Map<string, Node>()
    for (const item of value) {
      if (!isData(item)) continue
      const { [RECORD_KEY]: key, ...rest } = item
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
  keys: ['anyOf'],
  field: (_, path) => unsupported(path, 'several shapes outside a list'),
  read(value, shape) {
    const variant = variantOf(shape, value)
    if (!variant) return value
    return variant.shape.type === 'string'
      ? { [TYPE_KEY]: variant.name, [RECORD_VALUE]: value }
      : { [TYPE_KEY]: variant.name, ...(read(value, variant.shape) as Data) }
  },
  write(value, shape, writing) {
    const { [TYPE_KEY]: type, ...fields } = isData(value) ? value : {}
    const named = isData(value) && variantsOf(shape, '').find((v) => v.name === type)
    const variant = named || variantOf(shape, isData(value) ? fields : value)
    if (!variant) return plain(value, writing)
    // Decap's entry of a text kind holds the text as its value.
    const inner = !isData(value)
      ? value
      : variant.shape.type === 'string'
        ? fields[RECORD_VALUE]
        : fields
    return write(inner, variant.shape, writing)
  },
}

/** The shape a value of a union is written as: by its own field, or text for a string. */
function variantOf(shape: Shape, value: unknown) {
  const variants = variantsOf(shape, '')
  if (typeof value === 'string') return variants.find((v) => v.shape.type === 'string')
  return isData(value)
    ? variants.find((v) => v.shape.type === 'object' && v.name in value)
    : undefined
}

// ------------------------------------------------------------- using the kinds

/** The JSON Schema keys that are words and settings (lib/content/schemas.ts), beside each kind's own. */
const META = ['title', 'description', 'default', 'singular', 'summary', 'open', 'markdown']
META.push('relation', 'choices', 'onOrAfter')

// The first that fits: a choice or a day before any text.
const KINDS = [union, choice, day, text, number, boolean, list, object, record]

function kindOf(shape: Shape, path: string): Kind {
  const kind = KINDS.find((k) => k.is(shape)) ?? unsupported(path, `a "${shape.type}" schema`)
  for (const key of Object.keys(shape))
    if (!META.includes(key) && !kind.keys.includes(key)) unsupported(path, `"${key}"`)
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

const listRelation = (collection: string, label: string) => ({
  collection,
  file: collection,
  value_field: `${LIST_FIELD}.*.id`,
  search_fields: [`${LIST_FIELD}.*.id`, `${LIST_FIELD}.*.${label}`],
  display_fields: [`${LIST_FIELD}.*.${label}`],
})
/** Fields that hold the id of another entry: chosen from a list of those entries. */
export const RELATIONS = {
  documents: listRelation('documents', 'title'),
  links: listRelation('links', 'label'),
  pages: {
    collection: 'pages',
    value_field: 'route',
    search_fields: ['title', 'route'],
    display_fields: ['title'],
  },
}

/** The Decap field of a schema field, with the words staff see (the schema's metadata). */
export function fieldFor(name: string, shape: Shape, path: string, optional = false): CmsField {
  const { title: label, description: hint, singular, relation } = shape
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
  if (!relation) return { ...words, ...kindOf(shape, path).field(shape, path, optional) }
  if (shape.type !== 'string') unsupported(path, 'an id that is not text')
  return { ...words, widget: 'relation', ...RELATIONS[relation], options_length: 500 }
}

/** The fields of a group, in schema order. */
export const fieldsOf = (shape: Shape, path: string) =>
  Object.entries(shape.properties!).map(([name, field]) =>
    fieldFor(name, field, `${path}.${name}`, !shape.required?.includes(name))
  )

/** A list, or a map edited as a list of entries that lead with their id. */
function listField(item: Shape, shape: Shape, path: string, keyed = false): Options {
  const lead = keyed ? [fieldFor(RECORD_KEY, shape.propertyNames!, `${path}.${RECORD_KEY}`)] : []
  const summary = shape.summary
    ? { summary: shape.summary.replace(/\{\{(\w+)\}\}/g, '{{fields.$1}}') }
    : {}
  /** The fields of an entry: its own, or one for its value (a text kind's is its "Text"). */
  const entry = (s: Shape, title = s.title) =>
    s.type === 'object'
      ? [...lead, ...fieldsOf(s, path)]
      : [...lead, fieldFor(RECORD_VALUE, { ...s, title }, `${path}.${RECORD_VALUE}`)]
  const common = {
    widget: 'list',
    collapsed: !shape.open,
    // New entries where they show: a new document or alert first, not after 80 others.
    add_to_top: true,
    ...(shape.minItems ? { min: shape.minItems } : {}),
    ...summary,
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
    ...summary,
    fields: entry(variant, 'Text'),
  }))
  return { ...common, typeKey: TYPE_KEY, types }
}
