// The shape of a content file, read from its zod schema, for the editor's
// fields and its file writer. A construct this walker does not know stops it
// with a message: the editor must never silently miss a field.

type Common = {
  /** May be left out of the file (optional or with a default). */
  optional: boolean
  default?: unknown
  /** Rules the schema checks with code (refine): the preview reports them. */
  refinements: string[]
}

export type TextSpec = Common & {
  kind: 'text'
  /** The schema trims spaces at both ends before it checks the length. */
  trim: boolean
  minLength?: number
  maxLength?: number
  /** Patterns, with the schema's own words. */
  rules: { pattern: RegExp; message: string }[]
  format?: 'date'
  /** Markdown (fields.ts names them): edited in a text box, written as a block. */
  markdown?: boolean
}
type NumberSpec = Common & {
  kind: 'number'
  integer: boolean
  minimum?: number
  maximum?: number
  /** 0.01 for amounts of money. */
  multipleOf?: number
}
type BooleanSpec = Common & { kind: 'boolean' }
type ChoiceSpec = Common & { kind: 'choice'; values: string[] }
export type FieldSpec = { name: string; spec: Spec }
export type ObjectSpec = Common & { kind: 'object'; fields: FieldSpec[] }
type ListSpec = Common & { kind: 'list'; item: Spec; minItems?: number }
/** A map from ids to values (facts, page tiles): edited as a list with the id as a field. */
type RecordSpec = Common & { kind: 'record'; key: TextSpec; value: Spec }
/** One of several shapes: edited as a list whose entries each pick their kind. */
export type UnionSpec = Common & { kind: 'union'; variants: Variant[] }
/** Each named by the field only its shape has (route, link...), or `text`. */
type Variant = { name: string; spec: ObjectSpec | TextSpec }

export type Spec =
  TextSpec | NumberSpec | BooleanSpec | ChoiceSpec | ObjectSpec | ListSpec | RecordSpec | UnionSpec

type Def = {
  type: string
  checks?: { _zod: { def: CheckDef } }[]
  entries?: object
  shape?: object
  [key: string]: unknown
}
type CheckDef = { check: string; error?: (issue?: unknown) => unknown; [key: string]: unknown }

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def

function messageOf(check: CheckDef): string | undefined {
  const message = check.error?.({})
  return typeof message === 'string' ? message : undefined
}

function unsupported(path: string, what: string): never {
  throw new Error(
    `site-editor/model.ts: the schema at "${path}" uses ${what}, which the editor does not support yet. ` +
      'Teach the walker (and the editor) this construct before adding it to a schema.'
  )
}

/** Reads a zod schema into a Spec; `path` names the field in messages. */
export function specOf(
  schema: unknown,
  path: string,
  common: Common = { optional: false, refinements: [] }
): Spec {
  const def = defOf(schema)
  const refinements = [...common.refinements]
  for (const check of def.checks ?? []) {
    const c = check._zod.def
    if (c.check === 'custom') refinements.push(messageOf(c) ?? 'a rule of the content check')
  }
  const base: Common = { ...common, refinements }
  switch (def.type) {
    case 'optional':
      return specOf(def.innerType, path, { ...base, optional: true })
    case 'default':
      return specOf(def.innerType, path, { ...base, optional: true, default: def.defaultValue })
    case 'string':
      return textSpec(def, path, base)
    case 'number':
      return numberSpec(def, base)
    case 'boolean':
      return { kind: 'boolean', ...base }
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries!) : (def.values as unknown[])
      if (!values.every((v) => typeof v === 'string'))
        unsupported(path, 'a literal that is not text')
      return { kind: 'choice', values: values as string[], ...base }
    }
    case 'object': {
      if (def.catchall && defOf(def.catchall).type !== 'never')
        unsupported(path, 'an object that allows any extra field')
      return {
        kind: 'object',
        fields: Object.entries(def.shape!).map(([name, field]) => ({
          name,
          spec: specOf(field, `${path}.${name}`),
        })),
        ...base,
      }
    }
    case 'array': {
      const item = specOf(def.element, path)
      const min = (def.checks ?? []).map((c) => c._zod.def).find((c) => c.check === 'min_length')
        ?.minimum as number | undefined
      return { kind: 'list', item, ...(min ? { minItems: min } : {}), ...base }
    }
    case 'record': {
      const key = specOf(def.keyType, `${path} (key)`)
      if (key.kind !== 'text') unsupported(path, 'a map whose keys are not text')
      return { kind: 'record', key, value: specOf(def.valueType, path), ...base }
    }
    case 'union':
      return { kind: 'union', variants: variantsOf(def.options as unknown[], path), ...base }
    default:
      return unsupported(path, `a "${def.type}" schema`)
  }
}

function textSpec(def: Def, path: string, base: Common): TextSpec {
  const spec: TextSpec = { kind: 'text', trim: false, rules: [], ...base }
  const formatRule = (c: { [key: string]: unknown }, message?: string) => {
    if (c.format === 'date') spec.format = 'date'
    else if (c.format !== 'email' && c.format !== 'regex')
      unsupported(path, `the text format "${String(c.format)}"`)
    if (!(c.pattern instanceof RegExp)) unsupported(path, 'a text format without a pattern')
    message ??= FORMAT_MESSAGES[String(c.format)] ?? 'is not written the right way'
    spec.rules.push({ pattern: c.pattern, message })
  }
  // z.email() and z.iso.date() carry their format on the schema itself.
  if (def.format) formatRule(def)
  for (const check of def.checks ?? []) {
    const c = check._zod.def
    if (c.check === 'overwrite') {
      // .trim() is the only overwrite the schemas use; check it really trims.
      if ((c.tx as (v: string) => string)(' a ') !== 'a') unsupported(path, 'a text transform')
      spec.trim = true
    } else if (c.check === 'min_length') spec.minLength = c.minimum as number
    else if (c.check === 'max_length') spec.maxLength = c.maximum as number
    else if (c.check === 'length_equals') spec.minLength = spec.maxLength = c.length as number
    else if (c.check === 'string_format') formatRule(c, messageOf(c))
    else if (c.check !== 'custom') unsupported(path, `the text check "${c.check}"`)
  }
  return spec
}

const FORMAT_MESSAGES: Record<string, string> = {
  date: 'should be a date written YYYY-MM-DD',
  email: 'should be an e-mail address such as name@example.org',
}

function numberSpec(def: Def, base: Common): NumberSpec {
  const integer = def.format === 'safeint' || def.format === 'int32'
  const spec: NumberSpec = { kind: 'number', integer, ...base }
  for (const check of def.checks ?? []) {
    const c = check._zod.def
    if (c.check === 'greater_than') spec.minimum = c.value as number
    else if (c.check === 'less_than') spec.maximum = c.value as number
    else if (c.check === 'multiple_of') spec.multipleOf = c.value as number
    else if (c.check !== 'custom') unsupported('number', `the number check "${c.check}"`)
    if ((c.check === 'greater_than' || c.check === 'less_than') && c.inclusive !== true)
      unsupported('number', 'a strict (exclusive) number limit')
  }
  // z.int() adds the safe-integer range; only limits the schema states matter to people.
  if (spec.integer && spec.minimum === Number.MIN_SAFE_INTEGER) delete spec.minimum
  if (spec.integer && spec.maximum === Number.MAX_SAFE_INTEGER) delete spec.maximum
  return spec
}

/** The shapes of a union, nested unions flattened, each named by what sets it apart. */
function variantsOf(options: unknown[], path: string): Variant[] {
  const specs: (ObjectSpec | TextSpec)[] = []
  const add = (option: unknown) => {
    if (defOf(option).type === 'union') return (defOf(option).options as unknown[]).forEach(add)
    const spec = specOf(option, path)
    if (spec.kind !== 'object' && spec.kind !== 'text')
      unsupported(path, 'a union of something other than objects and text')
    specs.push(spec)
  }
  for (const option of options) add(option)
  if (specs.filter((s) => s.kind === 'text').length > 1) unsupported(path, 'a union of two texts')
  return specs.map((spec) => {
    if (spec.kind === 'text') return { name: 'text', spec }
    const others = specs.filter((s) => s !== spec)
    const own = spec.fields.find(
      (f) =>
        !f.spec.optional &&
        others.every((o) => o.kind !== 'object' || !o.fields.some((g) => g.name === f.name))
    )
    if (!own) unsupported(path, 'a union whose shapes share all their required fields')
    return { name: own.name, spec }
  })
}

export const isData = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The variant a value is written as: by its own field, or text for a string. */
export function variantOf(spec: UnionSpec, value: unknown): Variant | undefined {
  if (typeof value === 'string') return spec.variants.find((v) => v.spec.kind === 'text')
  if (value && typeof value === 'object')
    return spec.variants.find((v) => v.spec.kind === 'object' && v.name in value)
  return undefined
}
