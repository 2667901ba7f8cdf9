import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, visit, YAMLMap } from 'yaml'
import { z } from 'zod'
import { LIST_FIELD, read, write } from '#site-editor/kinds.ts'
import { shapeOf, type Shape } from '#site-editor/shape.ts'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import { remembering } from '#lib/content/remember.ts'
import { pageSchema } from '#lib/content/page-schemas.ts'
import { REGISTRY_SCHEMAS } from '#lib/content/registries.ts'
import { meetingRecordSchema } from '#lib/content/schemas.ts'
import { MEETINGS_FOLDER, REGISTRY_NAMES, type RegistryName } from '#lib/content/source.ts'

// How the editor reads and writes content files (Decap's custom formats), through the shape of
// each file (shape.ts) and its kinds of field (kinds.ts). The top comment and the
// file's own quoting ride in hidden fields; comments further down move to the top.

export const COMMENT_FIELD = '_comment'
export const QUOTES_FIELD = '_quotes'

type Data = Record<string, unknown>
export type Format = { fromFile: (text: string) => Data; toFile: (data: Data) => string }

/** The shape of each registry file: a list (documents…) is the list of its entries. */
export const REGISTRY_SHAPES = Object.fromEntries(
  REGISTRY_NAMES.map((name) => {
    const { schema, list } = REGISTRY_SCHEMAS[name]
    return [name, shapeOf(list ? z.array(schema) : schema, name)]
  })
) as Record<RegistryName, Shape>
export const PAGE_SHAPE = shapeOf(pageSchema, 'page')
export const MEETINGS_SHAPE = shapeOf(z.array(meetingRecordSchema), MEETINGS_FOLDER)

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

type WriteOptions = {
  /** A blank line between the top-level groups (fees.yaml, navigation.yaml). */
  sections?: boolean
  kept?: readonly KeptStyle[]
}

/** What Decap holds, as YAML. */
export function writeYaml(value: unknown, shape: Shape, options: WriteOptions = {}): string {
  // The site reads YAML 1.2; quoting what YAML 1.1 would take for a date,
  // a number or yes/no keeps the files the same for any reader.
  const doc = new Document(null, { version: '1.1' })
  const kept = new Map(options.kept?.map(([field, text, style]) => [`${field}\0${text}`, style]))
  const node = write(value, shape, { kept, field: '' })
  if (options.sections && node instanceof YAMLMap)
    for (const pair of node.items.slice(1)) if (isScalar(pair.key)) pair.key.spaceBefore = true
  doc.contents = node
  return doc.toString({ lineWidth: 0, singleQuote: true, indentSeq: true })
}

/** A list (documents…) or a map (facts): a file the editor edits as a list field. */
const isList = (shape: Shape) => shape.type === 'array' || !shape.properties

/** How each kind of file is written: a blank line between top-level groups where its fields are
 * all groups or lists (fees.yaml, navigation.yaml). */
function optionsOf(shape: Shape): WriteOptions {
  return {
    sections:
      !isList(shape) &&
      Object.values(shape.properties!).every((f) => f.type === 'object' || f.type === 'array'),
  }
}
const SHAPES: Record<RegistryName | 'page', Shape> = { ...REGISTRY_SHAPES, page: PAGE_SHAPE }

/** A YAML file in Decap's shape, and its hidden fields. Each text is read once: Decap reads every
 * file of a collection again each time it draws a list or a relation field (after each Save). */
const readYaml = remembering(
  (text: string, kind: RegistryName | 'page') => {
    const shape = SHAPES[kind]
    const { comment, rest } = splitTopComment(text)
    // YAML 1.2, as the content check reads it: `draft: yes` is the text "yes" here too.
    const doc = parseDocument(rest, { uniqueKeys: false })
    if (doc.errors[0]) throw new Error(`This file is not valid YAML: ${doc.errors[0].message}`)
    const edited = read((doc.toJS() as unknown) ?? (isList(shape) ? [] : {}), shape)
    const top = withMovedComments(comment, innerComments(doc))
    // The file's own quoting, only where the writer's differs.
    const kept = keptStyles(doc, parseDocument(writeYaml(edited, shape, optionsOf(shape))))
    return {
      edited,
      hidden: {
        ...(top ? { [COMMENT_FIELD]: top } : {}),
        ...(kept.length ? { [QUOTES_FIELD]: kept } : {}),
      },
    }
  },
  (value) => structuredClone(value)
)

/** YAML from Decap's shape: the top comment as it was, and the file's own quoting (checked: it
 * comes back from the editor). Each value written once: the preview and the Save's check write
 * every entry of the site back to its file's text. */
const writeFile = remembering(
  (comment: unknown, quotes: unknown, value: unknown, kind: RegistryName | 'page') => {
    const kept = Array.isArray(quotes) ? quotes.filter(isKeptStyle) : []
    const head = typeof comment === 'string' ? comment : ''
    return head + writeYaml(value, SHAPES[kind], { ...optionsOf(SHAPES[kind]), kept })
  },
  (text) => text
)

export function registryFormat(name: RegistryName): Format {
  const list = isList(REGISTRY_SHAPES[name])
  return {
    fromFile(text) {
      const { edited, hidden } = readYaml(text, name)
      return { ...(list ? { [LIST_FIELD]: edited } : (edited as Data)), ...hidden }
    },
    toFile({ [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, ...fields }) {
      return writeFile(comment, quotes, list ? (fields[LIST_FIELD] ?? []) : fields, name)
    },
  }
}

/** The format of a page in content/pages: YAML frontmatter, then the Markdown text untouched. */
export const pageFormat: Format = {
  fromFile(text) {
    const parts = splitFrontmatter(text)
    if (!parts) return { body: text }
    const { edited, hidden } = readYaml(parts.yaml, 'page')
    return { ...(edited as Data), body: parts.body.replace(/^(\r?\n)/, ''), ...hidden }
  },
  toFile({ [COMMENT_FIELD]: comment, [QUOTES_FIELD]: quotes, body, ...fields }) {
    const text = typeof body === 'string' ? body.replace(/^\n+/, '').replace(/\s+$/, '') : ''
    return `---\n${writeFile(comment, quotes, fields, 'page')}---\n${text ? `\n${text}\n` : ''}`
  },
}

/** The captions files (WebVTT), read as they are. */
export const captionsFormat: Format & { name: string } = {
  name: 'captions-text',
  fromFile: (text) => ({ body: text }),
  toFile: (data) => String(data.body ?? ''),
}
