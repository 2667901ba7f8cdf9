import { parseDocument, visit, type Document } from 'yaml'
import { z } from 'zod'
import { MARKDOWN_FIELDS } from '#site-editor/fields.ts'
import { isData, specOf, variantOf, type ObjectSpec, type Spec } from '#site-editor/model.ts'
import { isKeptStyle, keptStyles, writeYaml, type WriteOptions } from '#site-editor/yaml-writer.ts'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import { REGISTRY_SCHEMAS } from '#lib/content/registries.ts'
import { meetingRecordSchema, pageSchema } from '#lib/content/schemas.ts'
import { MEETINGS_FOLDER, type RegistryName } from '#lib/content/source.ts'

// How the editor reads and writes content files (Decap's custom formats).
// What Decap edits differs from the file, undone on writing: a list registry
// is { items }, a map is a list of { id, value }, an entry of several shapes
// carries `_type`; the top comment and the file's own quoting ride in hidden fields.

export const COMMENT_FIELD = '_comment'
export const QUOTES_FIELD = '_quotes'
export const TYPE_KEY = '_type'
export const LIST_FIELD = 'items'
export const RECORD_KEY = 'id'
export const RECORD_VALUE = 'value'

type Data = Record<string, unknown>
export type Format = { fromFile: (text: string) => Data; toFile: (data: Data) => string }

export function registrySpec(name: RegistryName): Spec {
  const { schema, list } = REGISTRY_SCHEMAS[name]
  const spec = specOf(list ? z.array(schema) : schema, name)
  const entry = spec.kind === 'list' ? spec.item : spec
  for (const field of MARKDOWN_FIELDS[name] ?? []) {
    const text = entry.kind === 'object' ? entry.fields.find((f) => f.name === field)?.spec : null
    if (text?.kind !== 'text')
      throw new Error(
        `site-editor/fields.ts: "${field}" is named as Markdown but is not a text field`
      )
    text.markdown = true
  }
  return spec
}

export const meetingsSpec = specOf(z.array(meetingRecordSchema), MEETINGS_FOLDER)
export const pageSpec = specOf(pageSchema, 'page') as ObjectSpec

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

/** Comments below the top, which Decap cannot place again: moved to the top comment's end. */
function innerComments(doc: Document): string[] {
  const found: (string | null | undefined)[] = [doc.commentBefore]
  visit(doc, { Node: (_, node) => void found.push(node.commentBefore, node.comment) })
  found.push(doc.comment)
  return found.filter((comment): comment is string => !!comment)
}

function withMovedComments(comment: string, moved: string[]): string {
  if (moved.length === 0) return comment
  const lines = moved.flatMap((text) => text.split('\n').map((line) => `#${line}`))
  const head = comment.replace(/\n+$/, '')
  const blank = /\n\n$/.test(comment) ? '\n' : ''
  return `${head ? `${head}\n#\n` : ''}${lines.join('\n')}\n${blank}`
}

/** A YAML file in Decap's shape, and its hidden fields. */
function readYaml(text: string, spec: Spec, options: WriteOptions, empty: unknown) {
  const { comment, rest } = splitTopComment(text)
  // YAML 1.2, as the content check reads it: `draft: yes` is the text "yes" here too.
  const doc = parseDocument(rest, { uniqueKeys: false })
  if (doc.errors[0]) throw new Error(`This file is not valid YAML: ${doc.errors[0].message}`)
  const data = (doc.toJS() as unknown) ?? empty
  const top = withMovedComments(comment, innerComments(doc))
  // The file's own quoting, only where the writer's differs.
  const kept = keptStyles(doc, parseDocument(writeYaml(data, spec, options)))
  return {
    edited: toEditor(data, spec),
    hidden: {
      ...(top ? { [COMMENT_FIELD]: top } : {}),
      ...(kept.length ? { [QUOTES_FIELD]: kept } : {}),
    },
  }
}

/** YAML from Decap's shape: the top comment as it was, and the file's own quoting (checked: it comes back from the editor). */
function writeFile(
  comment: unknown,
  quotes: unknown,
  value: unknown,
  spec: Spec,
  options: WriteOptions
) {
  const kept = Array.isArray(quotes) ? quotes.filter(isKeptStyle) : []
  const head = typeof comment === 'string' ? comment : ''
  return head + writeYaml(fromEditor(value, spec), spec, { ...options, kept })
}

export function registryFormat(name: RegistryName): Format {
  const spec = registrySpec(name)
  // A list (documents...) or a map (facts) is edited as a list field.
  const list = spec.kind === 'list' || spec.kind === 'record'
  // Top-level groups separated by a blank line: a file whose fields are all groups or lists.
  const sections =
    spec.kind === 'object' &&
    spec.fields.every((f) => ['object', 'list', 'record'].includes(f.spec.kind))
  const options = { sections }
  return {
    fromFile(text) {
      const { edited, hidden } = readYaml(text, spec, options, list ? [] : {})
      return { ...(list ? { [LIST_FIELD]: edited } : (edited as Data)), ...hidden }
    },
    toFile({ [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, ...fields }) {
      return writeFile(comment, quotes, list ? (fields[LIST_FIELD] ?? []) : fields, spec, options)
    },
  }
}

/** The format of a page in content/pages: YAML frontmatter, then the Markdown text untouched. */
export const pageFormat: Format = {
  fromFile(text) {
    const parts = splitFrontmatter(text)
    if (!parts) return { body: text }
    const { edited, hidden } = readYaml(parts.yaml, pageSpec, {}, {})
    return { ...(edited as Data), body: parts.body.replace(/^(\r?\n)/, ''), ...hidden }
  },
  toFile({ [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, body, ...fields }) {
    const text = typeof body === 'string' ? body.replace(/^\n+/, '').replace(/\s+$/, '') : ''
    return `---\n${writeFile(comment, quotes, fields, pageSpec, {})}---\n${text ? `\n${text}\n` : ''}`
  },
}

/** The captions files (WebVTT), read as they are. */
export const captionsFormat: Format & { name: string } = {
  name: 'captions-text',
  fromFile: (text) => ({ body: text }),
  toFile: (data) => String(data.body ?? ''),
}
