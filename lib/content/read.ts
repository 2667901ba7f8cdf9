import type { z } from 'zod'
import { splitFrontmatter } from '#lib/content/frontmatter.ts'
import { describeIssues, fieldName } from '#lib/content/messages.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { pageSchema, type PageFrontmatter } from '#lib/content/page-schemas.ts'
import { meetingRecordSchema, routeSchema } from '#lib/content/schemas.ts'
import type { DocumentEntry, Holiday, ScheduledMeeting, VideoEntry } from '#lib/content/schemas.ts'
import { sortMeetings } from '#lib/meetings.ts'
import { REGISTRY_NAMES, registryPath, type ContentSource } from '#lib/content/source.ts'
import { parseYamlWithLines, type Located } from '#lib/content/yaml.ts'

// Step 1 of the content check: the files as data, each registry and each page's
// frontmatter held to its schema, every problem at its line.

export type PageFile = {
  file: string
  frontmatter: PageFrontmatter
  body: string
  /** Lines above the body in the file. */
  bodyLine: number
  lineOf: Located['lineOf']
}

type DocumentRecord = { doc: DocumentEntry; yaml: Located; index: number }

export type ReadContent = ReturnType<typeof readContent>

export function readContent(source: ContentSource, problems: ProblemList) {
  for (const { path, message } of source.refused) problems.error(path, undefined, message)
  for (const { path, message } of source.ignored ?? []) problems.notice(path, undefined, message)
  return { ...readRegistries(source, problems), ...readPages(source, problems) }
}

/** Every registry when all read without an error (documents also with their file); else what can be. */
function readRegistries(source: ContentSource, problems: ProblemList) {
  const parsed: Partial<Record<string, unknown>> = {}
  const located: Partial<Record<keyof Registries, Located>> = {}
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
    located[name] = yaml
    const { schema, list } = REGISTRY_SCHEMAS[name]
    const key = name === 'holidays' || name === 'schedule' ? 'date' : 'id'
    const value = list
      ? parseList(schema, yaml, key, problems)
      : parseWith<unknown>(schema, yaml.data, yaml, problems)
    if (value !== undefined) parsed[name] = value
  }
  const records = readMeetings(source, problems)
  const read = {
    site: parsed.site as Registries['site'] | undefined,
    videos: parsed.videos as VideoEntry[] | undefined,
    located,
  }
  if (REGISTRY_NAMES.some((name) => !(name in parsed)) || !records)
    return { ...read, registries: undefined, documents: undefined }
  const yaml = located.documents!
  const documents: DocumentRecord[] = [
    ...(parsed.documents as DocumentEntry[]).map((doc, index) => ({ doc, yaml, index })),
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
    holidays: (parsed.holidays as Holiday[]).toSorted((a, b) => a.date.localeCompare(b.date)),
    schedule: sortMeetings(parsed.schedule as ScheduledMeeting[]),
  } as Registries
  return { ...read, registries, documents }
}

/** content/data/meetings/<year>.yaml, documents of the file's year: no records when one has a mistake. */
function readMeetings(source: ContentSource, problems: ProblemList) {
  const records: DocumentRecord[] = []
  let ok = true
  for (const file of [...source.meetings].sort((a, b) => a.path.localeCompare(b.path))) {
    const yaml = problems.catch(() => parseYamlWithLines(file.text, file.path))
    const entries = yaml && parseList(meetingRecordSchema, yaml, 'id', problems)
    if (!entries) {
      ok = false
      continue
    }
    const year = Number(/(\d{4})\.yaml$/.exec(file.path)?.[1])
    ;(entries as DocumentEntry[]).forEach((doc, index) => {
      if (doc.year !== year) {
        ok = false
        problems.error(
          file.path,
          yaml.lineOf([index, 'year']) ?? yaml.lineOf([index, 'id']),
          `entry "${doc.id}": field "year" is ${doc.year ?? 'missing'}, but this file holds the meeting records of ${year}. Write year: ${year}, or move the entry to the file of its year`
        )
      }
      records.push({ doc, yaml, index })
    })
  }
  return ok ? records : undefined
}

/** `data` held to `schema`, or undefined with each problem in plain words at its line. */
function parseWith<T>(
  schema: z.ZodType<T>,
  data: unknown,
  yaml: Located,
  problems: ProblemList,
  { index, named = '', line }: { index?: number; named?: string; line?: number } = {}
): T | undefined {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  for (const { path, at, message } of describeIssues(result.error.issues, data)) {
    const field = path.length ? `field ${fieldName(path)} ` : ''
    const lineOf = yaml.lineOf(index === undefined ? at : [index, ...at]) ?? line
    problems.error(yaml.file, lineOf, `${named}${field}${message}`)
  }
  return undefined
}

function parseList(schema: z.ZodType, yaml: Located, key: 'id' | 'date', problems: ProblemList) {
  const data = yaml.data
  if (!Array.isArray(data)) {
    problems.error(
      yaml.file,
      yaml.lineOf([]),
      `should be a list of entries, each starting with "- ${key}:" (an empty list is written [])`
    )
    return undefined
  }
  // Two entries with one id, whatever else is wrong with either.
  const sameIds = key === 'id' && checkSameIds(yaml, data, problems)
  const entries = data.map((raw, index) => {
    // An entry is named by its id, or before it has one by its place in the list.
    const name = (raw as Raw)?.[key]
    const named =
      typeof name === 'string' && name.trim()
        ? `entry "${name}": `
        : `entry ${index + 1} (it has no id yet): `
    return parseWith(schema, raw, yaml, problems, { index, named })
  })
  return sameIds || entries.includes(undefined) ? undefined : entries
}

type Raw = Record<string, unknown> | null

/** One id in two entries: reported at the first (where the editor adds), naming each as it lists them. */
function checkSameIds(yaml: Located, data: unknown[], problems: ProblemList): boolean {
  const byId = new Map<string, number[]>()
  data.forEach((raw, i) => {
    const id = (raw as Raw)?.id
    if (typeof id === 'string') byId.set(id, [...(byId.get(id) ?? []), i])
  })
  const twice = [...byId].filter(([, indices]) => indices.length > 1)
  for (const [id, [first, ...others]] of twice) {
    const entry = (i: number) => {
      const raw = data[i] as Raw
      const words = raw?.title ?? raw?.label
      if (typeof words === 'string' && words.trim()) return `"${words.trim()}"`
      if (typeof raw?.start === 'string' && typeof raw?.end === 'string')
        return `from ${raw.start} to ${raw.end}`
      return `"${id}"`
    }
    const named = others.map((i) => `the entry ${entry(i)} (line ${yaml.lineOf([i, 'id'])})`)
    problems.error(
      yaml.file,
      yaml.lineOf([first!, 'id']),
      `entry ${entry(first!)}: uses the id "${id}", which ${named.join(' and ')} also ${others.length > 1 ? 'use' : 'uses'}. Ids must be unique: give one of them another id`
    )
  }
  return twice.length > 0
}

/** Pages whose frontmatter is right, and those with errors (their text and route still count). */
function readPages(source: ContentSource, problems: ProblemList) {
  const pages: PageFile[] = []
  const withErrors: (Pick<PageFile, 'file' | 'body' | 'bodyLine'> & { route?: string })[] = []
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
    const frontmatter = yaml && parseWith(pageSchema, yaml.data ?? {}, yaml, problems, { line: 1 })
    if (frontmatter) pages.push({ ...body, frontmatter, lineOf: yaml.lineOf })
    else {
      const route = routeSchema.safeParse((yaml?.data as { route?: unknown } | null)?.route)
      withErrors.push({ ...body, route: route.success ? route.data : undefined })
    }
  }
  return { pages, withErrors }
}
