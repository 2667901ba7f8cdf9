import { parseDocument, visit } from 'yaml'
import { MARKDOWN_FIELDS } from '#site-editor/fields.ts'
import { specOf, variantOf, type ListSpec, type ObjectSpec, type Spec } from '#site-editor/model.ts'
import { isKeptStyle, keptStyles, writeYaml, type WriteOptions } from '#site-editor/yaml-writer.ts'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import { REGISTRY_SCHEMAS } from '#lib/content/registries.ts'
import { meetingRecordSchema, pageSchema } from '#lib/content/schemas.ts'
import { MEETINGS_FOLDER, type RegistryName } from '#lib/content/source.ts'

// How the editor reads and writes content files (Decap's custom formats).
// Reading turns a file into the shape Decap edits; writing turns it back and
// writes it as a careful person would (yaml-writer.ts). The shape Decap edits
// differs from the file in three ways, all undone on writing:
//  - a registry that is a list (documents, alerts...) is wrapped as { items };
//  - a map from ids to values (facts, page tiles) is a list of { id, value };
//  - an entry that can take several shapes (a menu item, a tile, a fact)
//    carries `_type`, the shape's name, so Decap shows the right fields.
// The comment block at the top of a file is carried through the hidden
// field `_comment` and written back as it was: the file stays its only home.
// So is the quoting of texts the file writes in its own way (`_quotes`):
// written back as it was, a save changes only the lines of what changed.

/** Decap's name for the hidden field that carries a file's top comment. */
export const COMMENT_FIELD = '_comment'
/** Decap's name for the hidden field that carries how the file quotes its texts. */
export const QUOTES_FIELD = '_quotes'
/** Decap's name for the field that says which shape an entry has. */
export const TYPE_KEY = '_type'
/** The field a list registry's entries are edited in. */
export const LIST_FIELD = 'items'
/** The fields of a map entry: its id, and its value when that is not a group of fields. */
export const RECORD_KEY = 'id'
export const RECORD_VALUE = 'value'

export type Format = {
  fromFile: (text: string) => Record<string, unknown>
  toFile: (data: Record<string, unknown>) => string
}

type Data = Record<string, unknown>
const isData = (value: unknown): value is Data =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The spec of a registry file: a list of entries, or one group of fields. */
export function registrySpec(name: RegistryName): Spec {
  const { schema, list } = REGISTRY_SCHEMAS[name]
  const entry = markMarkdown(specOf(schema, name), MARKDOWN_FIELDS[name] ?? [])
  return list
    ? ({ kind: 'list', item: entry, optional: false, refinements: [] } as ListSpec)
    : entry
}

/** A year's file of meeting records: a list of documents of the meeting kinds. */
export const meetingsSpec = {
  kind: 'list',
  item: specOf(meetingRecordSchema, MEETINGS_FOLDER),
  optional: false,
  refinements: [],
} as ListSpec

/** Marks the Markdown fields of an entry (fields.ts names them). */
function markMarkdown(spec: Spec, names: readonly string[]): Spec {
  if (spec.kind !== 'object') return spec
  for (const name of names) {
    const field = spec.fields.find((f) => f.name === name)
    if (field?.spec.kind !== 'text')
      throw new Error(
        `site-editor/fields.ts: "${name}" is named as Markdown but is not a text field`
      )
    field.spec.markdown = true
  }
  return spec
}

export const pageSpec = specOf(pageSchema, 'page') as ObjectSpec

// ------------------------------------------------------- file <-> Decap shape

/** Converts each field of an object, or each item of a list, with `convert`. */
function convertParts(
  value: unknown,
  spec: Spec,
  convert: (value: unknown, spec: Spec) => unknown
): unknown {
  if (spec.kind === 'list')
    return Array.isArray(value) ? value.map((item) => convert(item, spec.item)) : value
  if (spec.kind !== 'object' || !isData(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const field = spec.fields.find((f) => f.name === key)
      return [key, field ? convert(inner, field.spec) : inner]
    })
  )
}

/** Turns file data into the shape Decap edits. */
function toEditor(value: unknown, spec: Spec): unknown {
  switch (spec.kind) {
    case 'object':
    case 'list':
      return convertParts(value, spec, toEditor)
    case 'union': {
      const variant = variantOf(spec, value)
      if (!variant) return value
      return variant.spec.kind === 'text'
        ? { [TYPE_KEY]: variant.name, [RECORD_VALUE]: value }
        : { [TYPE_KEY]: variant.name, ...(toEditor(value, variant.spec) as Data) }
    }
    case 'record': {
      if (!isData(value)) return value
      return Object.entries(value).map(([key, inner]) => {
        const edited = toEditor(inner, spec.value)
        if (spec.value.kind === 'union' && isData(edited)) {
          const { [TYPE_KEY]: type, ...fields } = edited
          return { [TYPE_KEY]: type, [RECORD_KEY]: key, ...fields }
        }
        if (spec.value.kind === 'object' && isData(edited)) return { [RECORD_KEY]: key, ...edited }
        return { [RECORD_KEY]: key, [RECORD_VALUE]: edited }
      })
    }
    default:
      return value
  }
}

/** Turns what Decap edits back into file data. */
function fromEditor(value: unknown, spec: Spec): unknown {
  switch (spec.kind) {
    case 'object':
    case 'list':
      return convertParts(value, spec, fromEditor)
    case 'union': {
      if (!isData(value)) return value
      const { [TYPE_KEY]: type, ...fields } = value
      const variant =
        spec.variants.find((v) => v.name === type) ?? variantOf(spec, fields as unknown)
      if (!variant) return fields
      return variant.spec.kind === 'text' ? fields[RECORD_VALUE] : fromEditor(fields, variant.spec)
    }
    case 'record': {
      if (!Array.isArray(value)) return value
      const result: Data = {}
      for (const item of value) {
        if (!isData(item)) continue
        const { [RECORD_KEY]: key, ...rest } = item
        if (typeof key !== 'string' || key === '') continue
        // A map cannot hold an id twice: say so rather than lose one of them.
        if (key in result)
          throw new Error(`Two entries have the id "${key}". Give each entry its own id.`)
        const inner =
          spec.value.kind === 'union' || spec.value.kind === 'object' ? rest : rest[RECORD_VALUE]
        result[key] = fromEditor(inner, spec.value)
      }
      return result
    }
    default:
      return value
  }
}

// ------------------------------------------------------------ comments

/** Splits the comment block at the top of a YAML text from the rest. */
function splitTopComment(text: string): { comment: string; rest: string } {
  const lines = text.split('\n')
  let end = 0
  while (end < lines.length - 1 && /^\s*(#.*)?$/.test(lines[end]!)) end++
  const top = lines.slice(0, end)
  if (!top.some((line) => line.trim().startsWith('#'))) return { comment: '', rest: text }
  return {
    comment: top.map((line) => line.trimEnd()).join('\n') + '\n',
    rest: lines.slice(end).join('\n'),
  }
}

/**
 * Comments below the top of a file, which Decap cannot place again: they
 * are moved to the end of the top comment, so no words are lost.
 */
function innerComments(doc: ReturnType<typeof parseDocument>): string[] {
  const found: string[] = []
  const take = (comment: string | null | undefined) => {
    if (comment) found.push(comment)
  }
  take(doc.commentBefore)
  visit(doc, {
    Node(_, node) {
      take(node.commentBefore)
      take(node.comment)
    },
  })
  take(doc.comment)
  return found
}

function withMovedComments(comment: string, moved: string[]): string {
  if (moved.length === 0) return comment
  const lines = moved.flatMap((text) => text.split('\n').map((line) => `#${line}`))
  const head = comment.replace(/\n+$/, '')
  const blank = /\n\n$/.test(comment) ? '\n' : ''
  return `${head ? `${head}\n#\n` : ''}${lines.join('\n')}\n${blank}`
}

/**
 * YAML as the content check reads it (lib/content/yaml.ts): YAML 1.2, so
 * `draft: yes` is the text "yes" here too, and the check's message about it
 * is what the editor shows.
 */
function parseYaml(text: string) {
  const doc = parseDocument(text, { uniqueKeys: false })
  const error = doc.errors[0]
  if (error) throw new Error(`This file is not valid YAML: ${error.message}`)
  return doc
}

// ------------------------------------------------------------ quoting

/** The file's own quoting, as the hidden field carries it: only where the writer's differs. */
function fileQuotes(
  doc: ReturnType<typeof parseDocument>,
  value: unknown,
  spec: Spec,
  options: WriteOptions
) {
  const kept = keptStyles(doc, parseDocument(writeYaml(value, spec, options)))
  return kept.length ? { [QUOTES_FIELD]: kept } : {}
}

/** The writer's options with the quoting a file kept (checked: it comes back from the editor). */
const withQuotes = (options: WriteOptions, quotes: unknown): WriteOptions => ({
  ...options,
  kept: Array.isArray(quotes) ? quotes.filter(isKeptStyle) : [],
})

// ------------------------------------------------------------ formats

/** Top-level groups separated by a blank line: a file whose fields are all groups or lists. */
function hasSections(spec: Spec): boolean {
  return (
    spec.kind === 'object' &&
    spec.fields.every((f) => ['object', 'list', 'record'].includes(f.spec.kind))
  )
}

/** The format of one registry file in content/data. */
export function registryFormat(name: RegistryName): Format {
  const spec = registrySpec(name)
  // A list (documents...) or a map (facts) is edited as a list field.
  const list = spec.kind === 'list' || spec.kind === 'record'
  const options = { sections: hasSections(spec) }
  return {
    fromFile(text) {
      const { comment, rest } = splitTopComment(text)
      const doc = parseYaml(rest)
      const data = (doc.toJS() as unknown) ?? (list ? [] : {})
      const edited = toEditor(data, spec)
      const top = withMovedComments(comment, innerComments(doc))
      return {
        ...(list ? { [LIST_FIELD]: edited } : (edited as Data)),
        ...(top ? { [COMMENT_FIELD]: top } : {}),
        ...fileQuotes(doc, data, spec, options),
      }
    },
    toFile(data) {
      const { [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, ...fields } = data
      const value = fromEditor(list ? (fields[LIST_FIELD] ?? []) : fields, spec)
      const head = typeof comment === 'string' ? comment : ''
      return head + writeYaml(value, spec, withQuotes(options, quotes))
    },
  }
}

/** The format of a page in content/pages: YAML frontmatter, then the Markdown text untouched. */
export const pageFormat: Format = {
  fromFile(text) {
    const parts = splitFrontmatter(text)
    if (!parts) return { body: text }
    const { comment, rest } = splitTopComment(parts.yaml)
    const doc = parseYaml(rest)
    const top = withMovedComments(comment, innerComments(doc))
    const data = (doc.toJS() as unknown) ?? {}
    return {
      ...(toEditor(data, pageSpec) as Data),
      body: parts.body.replace(/^(\r?\n)/, ''),
      ...(top ? { [COMMENT_FIELD]: top } : {}),
      ...fileQuotes(doc, data, pageSpec, {}),
    }
  },
  toFile(data) {
    const { [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, body, ...fields } = data
    const head = typeof comment === 'string' ? comment : ''
    const frontmatter = writeYaml(fromEditor(fields, pageSpec), pageSpec, withQuotes({}, quotes))
    const text = typeof body === 'string' ? body.replace(/^\n+/, '').replace(/\s+$/, '') : ''
    return `---\n${head}${frontmatter}---\n${text ? `\n${text}\n` : ''}`
  },
}

/** The captions files (WebVTT), read as they are: the preview checks the videos against them. */
export const captionsFormat: Format & { name: string } = {
  name: 'captions-text',
  fromFile: (text) => ({ body: text }),
  toFile: (data) => String(data.body ?? ''),
}
