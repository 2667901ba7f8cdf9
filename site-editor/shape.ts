import { z } from 'zod'

// The shape of a content file, for the editor's fields and its file writer: the schema's JSON
// Schema, made by zod (z.toJSONSchema), with the words staff see (the schemas' metadata, which
// zod copies into it) and the two things JSON Schema does not carry, read from the schema's
// checks as zod documents them for tools (Zod Core, "Internals"): that a text is trimmed, and the
// schema's own words for each pattern. Anything else the editor does not know stops it, in words.

/** What the editor reads of a JSON Schema (kinds.ts says which keys each kind of field takes). */
type Numbers = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'multipleOf' | 'minItems'
export type Shape = z.GlobalMeta &
  Partial<Record<Numbers, number> & Record<'pattern' | 'format' | 'const', string>> & {
    type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array'
    default?: unknown
    enum?: string[]
    required?: string[]
    properties?: Record<string, Shape>
    additionalProperties?: false | Shape
    propertyNames?: Shape
    items?: Shape
    allOf?: Shape[]
    anyOf?: Shape[]
    /** From the schema's checks: it trims the text, and its words for each of its patterns. */
    trim?: boolean
    messages?: Record<string, string>
  }

export function unsupported(path: string, what: string): never {
  throw new Error(
    `site-editor: the schema at "${path}" uses ${what}, which the editor does not support yet. ` +
      'Teach site-editor/kinds.ts this construct before adding it to a schema.'
  )
}

/** The words of a check's message, as its error map gives them (zod's documented error maps). */
function messageOf(def: z.core.$ZodCheckDef, issue: object): string | undefined {
  const answer = (def.error as ((issue: object) => unknown) | undefined)?.(issue)
  const message =
    typeof answer === 'object' && answer ? (answer as { message: unknown }).message : answer
  return typeof message === 'string' ? message : undefined
}

/** Adds to a JSON Schema node what the schema's checks say and JSON Schema cannot. */
function annotate({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: object }) {
  const node = jsonSchema as Shape
  for (const check of (zodSchema._zod.def.checks ?? []) as z.core.$ZodChecks[]) {
    const def = check._zod.def
    if (def.check === 'overwrite') {
      // .trim() is the one rewrite the schemas use; anything else would change what is saved.
      if (def.tx(' a ') !== 'a') unsupported(node.title ?? 'a field', 'a text rewrite')
      node.trim = true
    } else if (def.check === 'string_format' && def.format === 'regex' && def.pattern) {
      const issue = { code: 'invalid_format', format: 'regex', pattern: String(def.pattern) }
      const message = messageOf(def, { ...issue, input: '', origin: 'string' })
      if (message) node.messages = { ...node.messages, [def.pattern.source]: message }
    }
  }
}

/** The shape of a schema; `name` names it in messages. */
export function shapeOf(schema: z.ZodType, name: string): Shape {
  try {
    const shape = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
      override: annotate,
    }) as Shape & { $schema?: string }
    delete shape.$schema
    return shape
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('site-editor:')) throw error
    return unsupported(name, `something JSON Schema cannot say (${String(error)})`)
  }
}

/** The shapes of a union, nested unions flattened, each named by what sets it apart. */
export function variantsOf(shape: Shape, path: string): { name: string; shape: Shape }[] {
  const flat = (s: Shape): Shape[] => (s.anyOf ? s.anyOf.flatMap(flat) : [s])
  const shapes = flat(shape)
  if (shapes.some((s) => s.type !== 'object' && s.type !== 'string'))
    unsupported(path, 'a union of something other than objects and text')
  if (shapes.filter((s) => s.type === 'string').length > 1)
    unsupported(path, 'a union of two texts')
  return shapes.map((s) => {
    if (s.type === 'string') return { name: 'text', shape: s }
    // Its first required field no other shape has: route, link, items…
    const own = s.required?.find((field) =>
      shapes.every((o) => o === s || !(field in (o.properties ?? {})))
    )
    return { name: own ?? unsupported(path, 'a union whose shapes share their fields'), shape: s }
  })
}
