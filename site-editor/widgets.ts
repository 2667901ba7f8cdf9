import { CHOICE_LABELS, FIELD_TEXT, OPEN_LISTS, SUMMARIES } from '#site-editor/fields.ts'
import { LIST_FIELD, RECORD_KEY, RECORD_VALUE, TYPE_KEY } from '#site-editor/formats.ts'
import type { FieldSpec, Spec, TextSpec, UnionSpec } from '#site-editor/model.ts'

// The Decap field of each schema field, with the schema's rules and the words of fields.ts.

export type CmsField = {
  name: string
  label: string
  widget: string
  required?: boolean
  hint?: string
  default?: unknown
  pattern?: [string, string]
  [option: string]: unknown
}

type WidgetOptions = { widget: string; [option: string]: unknown }

/** The words of the first of `keys` that fields.ts has words for, as Decap's options. */
function words(keys: string[], what: string) {
  const text = keys.map((key) => FIELD_TEXT[key]).find(Boolean)
  if (!text)
    throw new Error(
      `site-editor/fields.ts: ${what} has no label. Add one (with a hint for staff) so the editor shows it.`
    )
  const { label, hint, singular } = text
  return { label, ...(hint ? { hint } : {}), ...(singular ? { label_singular: singular } : {}) }
}

export const wordsFor = (path: string, root: string) =>
  words([path, `${root}.${path.split('.').at(-1)}`], `the field "${path}"`)

function summary(path: string, root: string) {
  const text = SUMMARIES[path] ?? SUMMARIES[root]
  return text ? { summary: text } : {}
}

/** A pattern that checks a text's length as the schema does (after trimming, when it trims). */
function lengthPattern(spec: TextSpec): string | undefined {
  const { minLength: min, maxLength: max } = spec
  if (min === undefined && max === undefined) return undefined
  if (!spec.trim) return `^[\\s\\S]{${min ?? 0},${max ?? ''}}$`
  // Trimmed text: starts and ends with a visible character, between min and max long.
  const low = Math.max((min ?? 1) - 2, 0)
  const high = max === undefined ? '' : String(max - 2)
  if ((min ?? 1) <= 1)
    return max === 1 ? '^\\s*\\S\\s*$' : `^\\s*\\S(?:[\\s\\S]{0,${high}}\\S)?\\s*$`
  return `^\\s*\\S[\\s\\S]{${low},${high}}\\S\\s*$`
}

function lengthMessage(spec: TextSpec): string {
  const { minLength: min, maxLength: max } = spec
  if (min !== undefined && min === max) return `should be exactly ${min} characters long`
  if (max !== undefined && (min ?? 1) <= 1) return `should be at most ${max} characters long`
  if (max !== undefined) return `should be ${min} to ${max} characters long`
  return `should be at least ${min} characters long`
}

/** One pattern for all of a text's rules: each rule must match the whole text. */
function textPattern(spec: TextSpec): [string, string] | undefined {
  const parts = spec.rules.map(({ pattern, message }) => ({ source: pattern.source, message }))
  const length = lengthPattern(spec)
  if (length) parts.push({ source: length, message: lengthMessage(spec) })
  if (parts.length === 0) return undefined
  const all =
    parts.length === 1 ? parts[0]!.source : `^${parts.map((p) => `(?=${p.source})`).join('')}`
  // An optional field left blank is left out of the file: blank is fine.
  const source = spec.optional ? `^\\s*$|${all}` : all
  // Shown after the field's name: "Id should be an id such as budget-2019 (lower case, hyphens)."
  return [source, `${parts.map((p) => p.message).join(', and ')}.`]
}

export const MONEY_PATTERN: [string, string] = [
  '^\\d+(\\.\\d{1,2})?$',
  'should be an amount in dollars, with at most two digits of cents, such as 45.00.',
]

type Relation = {
  collection: string
  file?: string
  value: string
  search: string[]
  display: string[]
}

const listRelation = (collection: string, label: string): Relation => ({
  collection,
  file: collection,
  value: `${LIST_FIELD}.*.id`,
  search: [`${LIST_FIELD}.*.id`, `${LIST_FIELD}.*.${label}`],
  display: [`${LIST_FIELD}.*.${label}`],
})
const DOCUMENT = listRelation('documents', 'title')
const LINK = listRelation('links', 'label')
const PAGE = { collection: 'pages', value: 'route', search: ['title', 'route'], display: ['title'] }

/** Fields that hold the id of another entry: chosen from a list of those entries. */
export const RELATIONS: Record<string, Relation> = {
  'fees.cardFees.ordinance': DOCUMENT,
  'page.tiles.value.route': PAGE,
  'page.tiles.value.link': LINK,
  'page.tiles.value.document': DOCUMENT,
}
// An item of every menu is a page of this site or an outside link.
for (const menu of ['main', 'main.items', 'footer', 'district']) {
  RELATIONS[`navigation.${menu}.route`] = PAGE
  RELATIONS[`navigation.${menu}.link`] = LINK
}

export function fieldFor({ name, spec }: FieldSpec, parent: string, root: string): CmsField {
  const path = `${parent}.${name}`
  const base = { name, ...wordsFor(path, root), ...(spec.optional ? { required: false } : {}) }
  const relation = RELATIONS[path]
  if (relation) {
    if (spec.kind !== 'text') throw new Error(`site-editor/widgets.ts: ${path} is not an id`)
    return {
      ...base,
      widget: 'relation',
      collection: relation.collection,
      ...(relation.file ? { file: relation.file } : {}),
      value_field: relation.value,
      search_fields: relation.search,
      display_fields: relation.display,
      options_length: 500,
    }
  }
  const workshop = path === 'videos.captions' ? { widget: 'captions' } : {} // site-editor/captions
  return { ...base, ...widgetFor(spec, path, root), ...workshop }
}

/** A file that is one list (documents, a year of meeting records...). */
export function listField(spec: Spec, root: string): CmsField {
  return { name: LIST_FIELD, ...wordsFor(root, root), ...widgetFor(spec, root, root) }
}

function widgetFor(spec: Spec, path: string, root: string): WidgetOptions {
  switch (spec.kind) {
    case 'text': {
      const pattern = textPattern(spec)
      // A day: typed as text (site-editor/day-widget.tsx says why), with the schema's rule.
      if (spec.format === 'date') return { widget: 'day', pattern }
      const long = spec.markdown || (spec.maxLength ?? 0) >= 300
      return { widget: long ? 'text' : 'string', ...(pattern ? { pattern } : {}) }
    }
    case 'number': {
      const money = spec.multipleOf === 0.01
      if (spec.multipleOf !== undefined && !money)
        throw new Error(`site-editor/widgets.ts: numbers must be whole, or amounts of money (0.01)`)
      return {
        widget: 'number',
        value_type: spec.integer ? 'int' : 'float',
        step: spec.integer ? 1 : money ? 0.01 : 0.1,
        ...(spec.minimum !== undefined ? { min: spec.minimum } : {}),
        ...(spec.maximum !== undefined ? { max: spec.maximum } : {}),
        ...(money ? { pattern: MONEY_PATTERN } : {}),
      }
    }
    case 'boolean':
      return { widget: 'boolean', default: spec.default ?? false }
    case 'choice':
      return {
        widget: 'select',
        options: spec.values.map((value) => ({
          label:
            CHOICE_LABELS[value] ??
            value.charAt(0).toUpperCase() + value.slice(1).replaceAll('-', ' '),
          value,
        })),
        // A choice of one (the form service) is made for you.
        ...(spec.values.length === 1 ? { default: spec.values[0] } : {}),
      }
    case 'object':
      return {
        widget: 'object',
        collapsed: false,
        fields: spec.fields.map((f) => fieldFor(f, path, root)),
      }
    case 'list':
      return listWidget(spec.item, path, root, spec.minItems)
    case 'record':
      return listWidget(spec.value, path, root, undefined, spec.key)
    case 'union':
      throw new Error(`site-editor/widgets.ts: ${path} can take several shapes outside a list`)
  }
}

/** A list, or a map edited as a list of entries with an id (`key`). */
function listWidget(item: Spec, path: string, root: string, min?: number, key?: TextSpec) {
  const lead = key ? [fieldFor({ name: RECORD_KEY, spec: key }, path, root)] : []
  const common = {
    widget: 'list',
    collapsed: !OPEN_LISTS.includes(path),
    // New entries where they show: a new document or alert first, not after 80 others.
    add_to_top: true,
    ...(min ? { min } : {}),
    ...summary(path, root),
  }
  if (item.kind === 'union') return { ...common, ...typesFor(item, path, root, lead) }
  if (item.kind !== 'object' && !key)
    throw new Error(
      `site-editor/widgets.ts: ${path} is a list of ${item.kind}, which the editor cannot show`
    )
  return { ...common, fields: [...lead, ...entryFields(item, path, root)] }
}

/** The fields of an entry: its own, or one for its value. */
const entryFields = (spec: Spec, path: string, root: string) =>
  spec.kind === 'object'
    ? spec.fields.map((f) => fieldFor(f, path, root))
    : [fieldFor({ name: RECORD_VALUE, spec }, path, root)]

/** A list whose entries each pick their shape: Decap's variable types. */
function typesFor(spec: UnionSpec, path: string, root: string, lead: CmsField[]) {
  return {
    typeKey: TYPE_KEY,
    types: spec.variants.map((variant) => ({
      name: variant.name,
      ...words(
        [`${path}#${variant.name}`, `${root}#${variant.name}`],
        `the kind "${variant.name}" of "${path}"`
      ),
      widget: 'object',
      ...summary(path, root),
      fields: [...lead, ...entryFields(variant.spec, path, root)],
    })),
  }
}
