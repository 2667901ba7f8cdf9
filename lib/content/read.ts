import { z } from 'zod'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import { describeIssues, fieldName } from '#lib/content/messages.ts'
import { entryMessage, type ProblemList } from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { checkSameIds } from '#lib/content/same-ids.ts'
import {
  meetingRecordSchema,
  pageSchema,
  routeSchema,
  type DocumentEntry,
  type PageFrontmatter,
  type Site,
  type VideoEntry,
} from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type RegistryName,
} from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'

// Step 1 of the content check (lib/content/index.ts runs the steps): the
// files as data. The files the site cannot use (disk.ts says why) are
// reported; each registry's YAML is parsed with its lines and held to its
// schema, entry by entry; each page's frontmatter is split off
// (frontmatter.ts) and held to the page schema. The rules across files are
// the next step (check.ts).

/** A file's YAML, with its path: lines for messages in later steps. */
export type Located = LocatedYaml & { file: string }

export type LocatedRegistries = Record<RegistryName, Located>

export type PageFile = {
  file: string
  frontmatter: PageFrontmatter
  body: string
  /** Lines above the body in the file. */
  bodyLine: number
  lineOf: LocatedYaml['lineOf']
}

/** A page whose frontmatter has errors: its text is still checked, and its route is known. */
type PageWithErrors = Pick<PageFile, 'file' | 'body' | 'bodyLine'> & { route?: string }

/** A document, with the file and entry it was read from. */
export type DocumentRecord = { doc: DocumentEntry; yaml: Located; index: number }

export type ReadContent = {
  /** Every registry, when each one was read without an error. */
  registries?: Registries
  /** With the registries: every document, documents.yaml's first, then the meeting records. */
  documents?: DocumentRecord[]
  /** The registries checks can use on their own, when they were read without an error. */
  site?: Site
  videos?: VideoEntry[]
  /** Each registry's YAML that could be read. */
  located: Partial<LocatedRegistries>
  /** Each year's file of meeting records that could be read, in year order. */
  meetings: Located[]
  /** Pages whose frontmatter is right (drafts too), in file order. */
  pages: PageFile[]
  withErrors: PageWithErrors[]
}

/** Reads every file of `source`; every problem goes to `problems`. */
export function readContent(source: ContentSource, problems: ProblemList): ReadContent {
  for (const { path, message } of source.refused) problems.error(path, undefined, message)
  for (const { path, message } of source.ignored ?? []) problems.notice(path, undefined, message)
  return { ...readRegistries(source, problems), ...readPages(source, problems) }
}

function readRegistries(source: ContentSource, problems: ProblemList) {
  const parsed: Partial<Record<string, unknown>> = {}
  const located: Partial<LocatedRegistries> = {}
  for (const name of REGISTRY_NAMES) {
    const file = source.registries[name]
    if (!file) {
      problems.error(
        registryPath(source.root, name),
        undefined,
        'is missing. Every registry file in content/data must exist'
      )
      continue
    }
    const yaml = problems.catch(() => parseYamlWithLines(file.text, file.path))
    if (!yaml) continue
    const at = (located[name] = { ...yaml, file: file.path })
    const { schema, list } = REGISTRY_SCHEMAS[name]
    const value = list
      ? parseList(schema, at, name === 'holidays' ? 'date' : 'id', problems)
      : parseGroup(schema, at, problems)
    if (value !== undefined) parsed[name] = value
  }
  const { records, meetings } = readMeetings(source, problems)
  const read = {
    site: parsed.site as Site | undefined,
    videos: parsed.videos as VideoEntry[] | undefined,
    located,
    meetings,
  }
  if (REGISTRY_NAMES.some((name) => !(name in parsed)) || !records) return read
  const documents: DocumentRecord[] = [
    ...(parsed.documents as DocumentEntry[]).map((doc, index) => ({
      doc,
      yaml: located.documents!,
      index,
    })),
    ...records,
  ]
  const byId = <T extends { id: string }>(entries: unknown) =>
    new Map((entries as T[]).map((entry) => [entry.id, entry]))
  const registries = {
    ...(parsed as Omit<Registries, 'documents' | 'videos' | 'forms' | 'links'>),
    documents: byId(documents.map((r) => r.doc)),
    videos: byId(parsed.videos),
    forms: byId(parsed.forms),
    links: byId(parsed.links),
    holidays: [...(parsed.holidays as Registries['holidays'])].sort((a, b) =>
      a.date.localeCompare(b.date)
    ),
  } as Registries
  return { ...read, registries, documents }
}

/**
 * content/data/meetings/<year>.yaml: each a list of documents, all of the
 * file's year. Returns every record in file order, or no records when a
 * file has a mistake (each is reported).
 */
function readMeetings(
  source: ContentSource,
  problems: ProblemList
): { records?: DocumentRecord[]; meetings: Located[] } {
  const records: DocumentRecord[] = []
  const meetings: Located[] = []
  let ok = true
  for (const file of [...source.meetings].sort((a, b) => a.path.localeCompare(b.path))) {
    const yaml = problems.catch(() => parseYamlWithLines(file.text, file.path))
    if (!yaml) {
      ok = false
      continue
    }
    const located = { ...yaml, file: file.path }
    meetings.push(located)
    const entries = parseList(meetingRecordSchema, located, 'id', problems) as
      DocumentEntry[] | undefined
    if (!entries) {
      ok = false
      continue
    }
    const year = Number(/(\d{4})\.yaml$/.exec(file.path)?.[1])
    entries.forEach((doc, index) => {
      if (doc.year !== year) {
        ok = false
        problems.error(
          file.path,
          located.lineOf([index, 'year']) ?? located.lineOf([index, 'id']),
          entryMessage({
            entry: doc.id,
            field: '"year"',
            problem: `is ${doc.year ?? 'missing'}, but this file holds the meeting records of ${year}. Write year: ${year}, or move the entry to the file of its year`,
          })
        )
      }
      records.push({ doc, yaml: located, index })
    })
  }
  return { records: ok ? records : undefined, meetings }
}

/** A registry that is one group of fields (site, fees, navigation, facts). */
function parseGroup(schema: z.ZodType, yaml: Located, problems: ProblemList): unknown {
  const result = schema.safeParse(yaml.data)
  if (result.success) return result.data
  for (const { path, at, message } of describeIssues(result.error.issues, yaml.data)) {
    problems.error(
      yaml.file,
      yaml.lineOf(at),
      entryMessage({ field: path.length ? fieldName(path) : undefined, problem: message })
    )
  }
  return undefined
}

/** A registry that is a list of entries, each checked on its own and named by its id. */
function parseList(
  schema: z.ZodType,
  yaml: Located,
  key: 'id' | 'date',
  problems: ProblemList
): unknown[] | undefined {
  if (!Array.isArray(yaml.data)) {
    problems.error(
      yaml.file,
      yaml.lineOf([]),
      `should be a list of entries, each starting with "- ${key}:" (an empty list is written [])`
    )
    return undefined
  }
  const entries: unknown[] = []
  // Two entries with one id, whatever else is wrong with either.
  let ok = !(key === 'id' && checkSameIds({ ...yaml, data: yaml.data }, problems))
  yaml.data.forEach((raw, i) => {
    const name = (raw as Record<string, unknown> | null)?.[key]
    // Named by its id, or by its place in the list before it has one.
    const entry = typeof name === 'string' && name.trim() ? name : undefined
    const result = schema.safeParse(raw)
    if (!result.success) {
      ok = false
      for (const { path, at, message } of describeIssues(result.error.issues, raw)) {
        problems.error(
          yaml.file,
          yaml.lineOf([i, ...at]),
          entryMessage({
            entry,
            position: i + 1,
            field: path.length ? fieldName(path) : undefined,
            problem: message,
          })
        )
      }
      return
    }
    entries.push(result.data)
  })
  return ok ? entries : undefined
}

/** Each page's frontmatter, held to the page schema; the body is rendered later. */
function readPages(source: ContentSource, problems: ProblemList) {
  const pages: PageFile[] = []
  const withErrors: PageWithErrors[] = []
  for (const { path: file, text } of source.pages) {
    const parts = splitFrontmatter(text)
    if (!parts) {
      problems.error(
        file,
        1,
        'has no frontmatter. A page starts with a line "---", then its fields (route, title, description, section), then "---"'
      )
      continue
    }
    const body = { file, body: parts.body, bodyLine: parts.bodyLine }
    const yaml = problems.catch(() => parseYamlWithLines(parts.yaml, file, 1))
    if (!yaml) {
      withErrors.push(body)
      continue
    }
    const result = pageSchema.safeParse(yaml.data ?? {})
    if (result.success) {
      pages.push({ ...body, frontmatter: result.data, lineOf: yaml.lineOf })
      continue
    }
    for (const { path, at, message } of describeIssues(result.error.issues, yaml.data)) {
      problems.error(
        file,
        yaml.lineOf(at) ?? 1,
        entryMessage({ field: path.length ? fieldName(path) : undefined, problem: message })
      )
    }
    const route = routeSchema.safeParse((yaml.data as { route?: unknown } | null)?.route)
    withErrors.push({ ...body, route: route.success ? route.data : undefined })
  }
  return { pages, withErrors }
}
