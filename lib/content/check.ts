import { z } from 'zod'
import { describeIssues, didYouMean, fieldName } from '#lib/content/messages.ts'
import { entryMessage, type ProblemList } from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { checkSameIds } from '#lib/content/same-ids.ts'
import { meetingRecordSchema, type DocumentEntry, type VideoEntry } from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type RegistryName,
} from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'
import { webvttProblems } from '#lib/content/webvtt.ts'
import { checkCharacters } from '#lib/content/characters.ts'
import {
  checkFreeRoutes,
  checkNavigation,
  checkTabTitles,
  checkTiles,
  checkUniqueRoutes,
  readPages,
  type PageFile,
  type PageWithErrors,
} from '#lib/content/pages.ts'
import { tierCoverageProblem } from '#lib/fees.ts'

// The checks of the content that do not need the Markdown rendered, in this
// order (lib/content/index.ts runs them, then renders, then the notices):
//   0. files the site cannot use (disk.ts says why);
//   1. every file (characters.ts): no invisible characters that could hide or
//      reverse text;
//   2. the registries (content/data): YAML, each schema, unique ids, then
//      the rules across a registry (fee tiers, the fee ordinance, captions);
//   3. the pages (pages.ts): frontmatter, unique and free routes, tab titles;
//   4. references outside the text (pages.ts): menus and tiles.
// The Markdown is checked while it is rendered (render.ts). Then
//   6. notices (notices.ts): pages in no menu, videos without captions,
//      figures typed out where a registry holds them.
// A mistake never hides another: every step runs whatever the earlier ones
// found, and a step that needs a registry with errors skips only what needs
// it. Errors stop the build; notices are printed and publish anyway. Each
// problem names its file and line, in plain words.

/** What the checks hand to rendering: checked registries and published pages. */
export type CheckedSource = {
  /** Every registry, checked; absent when any has errors (they are reported). */
  registries?: Registries
  /** Each registry's YAML that could be read, for the lines of later messages. */
  located: Partial<LocatedRegistries>
  /** Each year's file of meeting records that could be read, in year order. */
  meetings: Located[]
  /** Published pages (drafts left out) whose frontmatter is right, in file order. */
  pages: PageFile[]
  /** Pages whose frontmatter has errors: only their text is checked. */
  withErrors: PageWithErrors[]
  routes: ReadonlySet<string>
}

/** Steps 0 to 4: every problem goes to `problems`. */
export function checkSource(source: ContentSource, problems: ProblemList): CheckedSource {
  // 0. Files the site cannot use, and files it leaves alone.
  for (const { path, message } of source.refused) problems.error(path, undefined, message)
  for (const { path, message } of source.ignored ?? []) problems.notice(path, undefined, message)
  // 1. Characters that hide or reverse text, in every file.
  for (const file of Object.values(source.registries)) checkCharacters(file, 'yaml', problems)
  for (const file of source.pages) checkCharacters(file, 'page', problems)
  for (const file of source.captions) checkCharacters(file, 'captions', problems)
  for (const file of source.meetings) checkCharacters(file, 'yaml', problems)
  // 2. Registries.
  const { registries, parsed, located, meetings } = readRegistries(source, problems)
  // 3. Pages (pages.ts).
  const { pages, withErrors } = readPages(source, problems)
  checkUniqueRoutes(pages, problems)
  checkFreeRoutes(pages, problems)
  if (parsed.site) checkTabTitles(pages, parsed.site, problems)
  const published = pages.filter((p) => !p.frontmatter.draft)
  // A page with a mistake in its frontmatter still owns its route: links to
  // it are not reported as broken on top of its own mistake.
  const routes = new Set([
    ...published.map((p) => p.frontmatter.route),
    ...withErrors.flatMap((p) => p.route ?? []),
  ])
  // 4. Menus and tiles.
  if (registries) {
    checkNavigation(registries, routes, located.navigation!, problems)
    for (const page of published) checkTiles(page, registries, routes, problems)
  }
  return { registries, located, meetings, pages: published, withErrors, routes }
}

// ------------------------------------------------------------ 2. registries

/** A registry file's YAML, with its path: lines for messages in later steps. */
export type Located = LocatedYaml & { file: string }

export type LocatedRegistries = Record<RegistryName, Located>

function readRegistries(
  source: ContentSource,
  problems: ProblemList
): {
  /** Every registry, when all of them are right. */
  registries?: Registries
  /** The registries that are right, for checks that need only those. */
  parsed: Partial<Pick<Registries, 'site'>>
  located: Partial<LocatedRegistries>
  meetings: Located[]
} {
  const parsed: Partial<Record<string, unknown>> = {}
  const located: Partial<Record<RegistryName, Located>> = {}
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
    located[name] = { ...yaml, file: file.path }
    const { schema, list } = REGISTRY_SCHEMAS[name]
    const value = list
      ? parseList(schema, located[name]!, name === 'holidays' ? 'date' : 'id', problems)
      : parseGroup(schema, located[name]!, problems)
    if (value !== undefined) parsed[name] = value
  }
  const { records, meetings } = readMeetings(source, problems)
  // Captions need only the videos: checked even when another registry has a mistake.
  checkCaptions(parsed.videos as VideoEntry[] | undefined, located.videos, source, problems)
  const site = parsed.site as Registries['site'] | undefined
  if (REGISTRY_NAMES.some((name) => !(name in parsed)) || !records)
    return { parsed: { site }, located, meetings }
  const byId = <T extends { id: string }>(entries: unknown) =>
    new Map((entries as T[]).map((entry) => [entry.id, entry]))
  const registries = {
    ...(parsed as Omit<Registries, 'documents' | 'videos' | 'forms' | 'links'>),
    documents: byId([...(parsed.documents as DocumentEntry[]), ...records.map((r) => r.doc)]),
    videos: byId(parsed.videos),
    forms: byId(parsed.forms),
    links: byId(parsed.links),
    holidays: [...(parsed.holidays as Registries['holidays'])].sort((a, b) =>
      a.date.localeCompare(b.date)
    ),
  } as Registries
  const all = located as LocatedRegistries
  const before = problems.errors.length
  sameIdAcrossFiles(parsed.documents as DocumentEntry[], records, problems)
  checkRegistryRules(registries, all, problems)
  return {
    registries: problems.errors.length === before ? registries : undefined,
    parsed: { site },
    located,
    meetings,
  }
}

/** A meeting record, with the file and entry it was read from. */
type MeetingRecord = { doc: DocumentEntry; yaml: Located; index: number }

/**
 * content/data/meetings/<year>.yaml: each a list of documents, all of the
 * file's year. Returns every record in file order, or no records when a
 * file has a mistake (each is reported).
 */
function readMeetings(
  source: ContentSource,
  problems: ProblemList
): { records?: MeetingRecord[]; meetings: Located[] } {
  const records: MeetingRecord[] = []
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

/** An id used twice across documents.yaml and the meeting records: pages could not tell them apart. */
function sameIdAcrossFiles(
  documents: DocumentEntry[],
  records: MeetingRecord[],
  problems: ProblemList
) {
  const ids = new Map(documents.map((d) => [d.id, 'content/data/documents.yaml']))
  for (const { doc, yaml, index } of records) {
    const earlier = ids.get(doc.id)
    if (earlier)
      problems.error(
        yaml.file,
        yaml.lineOf([index, 'id']),
        entryMessage({
          entry: doc.id,
          problem: `uses an id that ${earlier} already has. Every document needs its own id: choose another one`,
        })
      )
    else ids.set(doc.id, yaml.file)
  }
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

/** Rules that look at more than one field: fee tiers, the fee ordinance. */
function checkRegistryRules(
  registries: Registries,
  located: LocatedRegistries,
  problems: ProblemList
) {
  const fees = located.fees
  const coverage = tierCoverageProblem(registries.fees.inspection.tiers)
  if (coverage)
    problems.error(
      fees.file,
      fees.lineOf(['inspection', 'tiers']),
      entryMessage({
        field: fieldName(['inspection', 'tiers']),
        problem: `do not fit together: ${coverage}`,
      })
    )
  const ordinance = registries.fees.cardFees.ordinance
  if (!registries.documents.has(ordinance))
    problems.error(
      fees.file,
      fees.lineOf(['cardFees', 'ordinance']),
      entryMessage({
        field: fieldName(['cardFees', 'ordinance']),
        problem: `refers to document "${ordinance}", which is not in content/data/documents.yaml.${didYouMean(ordinance, registries.documents.keys())}`,
      })
    )
}

/**
 * Captions files are the only content the site publishes as files, so each
 * must be one a video names, and real WebVTT whose cue text holds only
 * WebVTT's own tags (lib/content/webvtt.ts). When videos.yaml has a mistake
 * (`videos` undefined), every file is still read as WebVTT.
 */
function checkCaptions(
  videos: VideoEntry[] | undefined,
  yaml: Located | undefined,
  source: ContentSource,
  problems: ProblemList
) {
  const captionFiles = new Map(source.captions.map((file) => [file.path.split('/').pop()!, file]))
  const named = new Set<string>()
  ;(videos ?? []).forEach((video, i) => {
    if (!video.captions) return
    named.add(video.captions)
    if (captionFiles.has(video.captions)) return
    problems.error(
      yaml!.file,
      yaml!.lineOf([i, 'captions']),
      entryMessage({
        entry: video.id,
        field: fieldName(['captions']),
        problem: `names "${video.captions}", but there is no such file in ${source.root}/captions.${didYouMean(video.captions, captionFiles.keys())} Add the WebVTT file there`,
      })
    )
  })
  // A video naming a missing file gets the error (and the nearest name);
  // the file it most likely meant is not called unused on top of that.
  const missing = [...named].some((name) => !captionFiles.has(name))
  for (const [name, file] of captionFiles) {
    if (videos && !named.has(name)) {
      if (missing) continue
      problems.error(
        file.path,
        undefined,
        `is not used by any video. Name it in the "captions" field of its video in ${yaml!.file}, or delete it`
      )
      continue
    }
    for (const { line, message } of webvttProblems(file.text))
      problems.error(file.path, line, message)
  }
}
