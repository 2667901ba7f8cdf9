import matter from 'gray-matter'
import { z } from 'zod'
import type { RenderedPage } from '#lib/content/render.ts'
import { describeIssues, didYouMean, fieldName } from '#lib/content/messages.ts'
import { entryMessage, fail, type ProblemList } from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { checkSameIds } from '#lib/content/same-ids.ts'
import {
  meetingRecordSchema,
  pageSchema,
  routeSchema,
  type DocumentEntry,
  type PageFrontmatter,
  type Site,
} from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'
import { webvttProblems } from '#lib/content/webvtt.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'
import { formatMoney } from '#lib/money.ts'
import { routeHref } from '#lib/routes.ts'

// The checks of the content that do not need the Markdown rendered, in this
// order (lib/content/index.ts runs them, then renders, then the notices):
//   0. files the site cannot use (disk.ts says why);
//   1. every file: no control or format characters that could hide or
//      reverse text;
//   2. the registries (content/data): YAML, each schema, unique ids, then
//      the rules across a registry (fee tiers, the fee ordinance, captions);
//   3. the pages: frontmatter, unique and free routes, browser tab titles;
//   4. references outside the text: menus and tiles.
// The Markdown is checked while it is rendered (render.ts). Then
//   6. notices: pages in no menu, videos without captions, figures typed
//      out where a registry holds them.
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
  // 0. Files the site cannot use.
  for (const { path, message } of source.refused) problems.error(path, undefined, message)
  // 1. Characters that hide or reverse text, in every file.
  for (const file of Object.values(source.registries)) checkCharacters(file, 'yaml', problems)
  for (const file of source.pages) checkCharacters(file, 'page', problems)
  for (const file of source.captions) checkCharacters(file, 'captions', problems)
  for (const file of source.meetings) checkCharacters(file, 'yaml', problems)
  // 2. Registries.
  const { registries, parsed, located, meetings } = readRegistries(source, problems)
  // 3. Pages.
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

/** Step 6: worth a look, never stops the build. */
export function noticeContent(
  checked: CheckedSource & { registries: Registries },
  rendered: readonly RenderedPage[],
  today: string,
  problems: ProblemList
) {
  noticeAlertDates(checked.registries, checked.located.alerts!, today, problems)
  noticePagesInNoMenu(rendered, checked.pages, checked.registries, problems)
  noticeVideosWithoutCaptions(checked.registries, checked.located.videos!, problems)
  noticeSameAddress(checked.registries, checked.located, checked.meetings, problems)
  noticeOldOnHome(rendered, today, problems)
  noticeTypedFigures(checked.pages, checked.registries, problems)
}

// ------------------------------------------------------------ 1. characters

/**
 * Control and format characters (Unicode categories Cc and Cf): invisible
 * characters that can hide, join or reverse text, such as U+200B zero width
 * space, U+202E right-to-left override, U+00AD soft hyphen, U+2060 word
 * joiner, tag characters and ESC. Line ends and (outside page text) tabs
 * are allowed; so is the zero width joiner inside an emoji (👩‍🚒).
 */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu
const NAMES: Record<number, string> = {
  0x09: 'a tab',
  0x0d: 'a carriage return',
  0x1b: 'an escape character',
  0xad: 'a soft hyphen',
  0x200b: 'a zero width space',
  0x200c: 'a zero width non-joiner',
  0x200d: 'a zero width joiner',
  0x200e: 'a left-to-right mark',
  0x200f: 'a right-to-left mark',
  0x202e: 'a right-to-left override',
  0x2060: 'a word joiner',
  0xfeff: 'a zero width no-break space',
}

/**
 * Refuses control and format characters, each named with its line and
 * column. In page text a tab is refused too: at the start of a line it
 * would turn the text into a box of code.
 */
function checkCharacters(
  file: SourceFile,
  kind: 'yaml' | 'page' | 'captions',
  problems: ProblemList
) {
  const lines = file.text.split('\n')
  // In a page, the frontmatter (between the first two --- lines) is YAML.
  const bodyFrom = kind === 'page' && lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0
  lines.forEach((line, i) => {
    const joiners = new Set([...line.matchAll(EMOJI_JOINER)].map((m) => m.index))
    for (const match of line.matchAll(HIDDEN)) {
      const char = match[0]
      if (char === '\t' && (kind !== 'page' || i < bodyFrom)) continue
      if (joiners.has(match.index)) continue
      const code = char.codePointAt(0)!
      const hex = code.toString(16).toUpperCase().padStart(4, '0')
      const name = NAMES[code] ?? 'an invisible formatting character'
      problems.error(
        file.path,
        i + 1,
        char === '\t'
          ? `has a tab at column ${match.index + 1}. Use spaces instead: a tab at the start of a line turns the text into a box of code`
          : `has ${name} (U+${hex}) at column ${match.index + 1}. Characters like this are invisible and can hide or reverse text; delete it (if you cannot see it, retype the line)`
      )
    }
  })
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
  checkCaptions(registries, all.videos, source, problems)
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
 * WebVTT's own tags (lib/content/webvtt.ts).
 */
function checkCaptions(
  registries: Registries,
  videos: Located,
  source: ContentSource,
  problems: ProblemList
) {
  const captionFiles = new Map(source.captions.map((file) => [file.path.split('/').pop()!, file]))
  const named = new Set<string>()
  ;[...registries.videos.values()].forEach((video, i) => {
    if (!video.captions) return
    named.add(video.captions)
    if (captionFiles.has(video.captions)) return
    problems.error(
      videos.file,
      videos.lineOf([i, 'captions']),
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
    if (!named.has(name)) {
      if (missing) continue
      problems.error(
        file.path,
        undefined,
        `is not used by any video. Name it in the "captions" field of its video in ${videos.file}, or delete it`
      )
      continue
    }
    for (const { line, message } of webvttProblems(file.text))
      problems.error(file.path, line, message)
  }
}

// ----------------------------------------------------------------- 3. pages

export type PageFile = {
  file: string
  frontmatter: PageFrontmatter
  body: string
  /** Lines above the body in the file. */
  bodyLine: number
  lineOf: LocatedYaml['lineOf']
}

/** A page whose frontmatter has errors: its text is still checked, and its route is known. */
export type PageWithErrors = Pick<PageFile, 'file' | 'body' | 'bodyLine'> & { route?: string }

function readPages(
  source: ContentSource,
  problems: ProblemList
): { pages: PageFile[]; withErrors: PageWithErrors[] } {
  const pages: PageFile[] = []
  const withErrors: PageWithErrors[] = []
  for (const { path: file, text } of source.pages) {
    problems.catch(() => {
      if (!/^---\n/.test(text))
        fail(
          file,
          1,
          'has no frontmatter. A page starts with a line "---", then its fields (route, title, description, section), then "---"'
        )
      // gray-matter only splits the file; the frontmatter is parsed with the
      // same YAML parser as the registries, keeping lines for the messages.
      const split = matter(text, { engines: { yaml: () => ({}) } })
      const bodyLine = text.slice(0, text.length - split.content.length).split('\n').length - 1
      const body = { file, body: split.content, bodyLine }
      // gray-matter keeps the newline after the opening `---`, so YAML line n is file line n.
      const yaml = problems.catch(() =>
        parseYamlWithLines(split.matter, file, split.matter.startsWith('\n') ? 0 : 1)
      )
      if (!yaml) {
        withErrors.push(body)
        return
      }
      const result = pageSchema.safeParse(yaml.data ?? {})
      if (result.success) {
        pages.push({ ...body, frontmatter: result.data, lineOf: yaml.lineOf })
        return
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
    })
  }
  return { pages, withErrors }
}

/** Two pages cannot share a route: both files are named, each with its line. */
function checkUniqueRoutes(pages: PageFile[], problems: ProblemList) {
  const byRoute = new Map<string, PageFile[]>()
  for (const page of pages)
    byRoute.set(page.frontmatter.route, [...(byRoute.get(page.frontmatter.route) ?? []), page])
  for (const [route, owners] of byRoute) {
    if (owners.length < 2) continue
    for (const page of owners) {
      const others = owners
        .filter((o) => o !== page)
        .map((o) => `${o.file} (line ${o.lineOf(['route'])})`)
      problems.error(
        page.file,
        page.lineOf(['route']),
        `field "route" is "${route}", which ${others.join(' and ')} also uses. Each route belongs to one page: change one of them`
      )
    }
  }
}

/**
 * Paths the site or its hosts use themselves, and why. A page there would
 * be hidden by them, or would hide them.
 */
const TAKEN_ROUTES: Record<string, string> = {
  '/admin': 'the site editor',
  '/api': "the site editor's sign-in service",
  '/captions': 'the captions files of the videos',
  '/pagefind': 'the search index',
  '/search': 'the search page',
  '/404': 'the page people see when an address is wrong',
  '/index': 'the home page',
  '/sitemap': 'the list of pages for search engines',
  '/robots': 'the rules for search engines',
  '/feed': 'the news feed',
  '/functions': "the host's own programs",
  // Paths starting with _ or . (/_headers, /_next, /.well-known) cannot be
  // routes at all: a route has lower-case letters, digits and hyphens only.
}

/**
 * A page may not take a path the site or a host uses. The search page
 * itself (the page with the `@search` line) is the one page on /search.
 */
function checkFreeRoutes(pages: PageFile[], problems: ProblemList) {
  for (const { file, frontmatter, body, lineOf } of pages) {
    const route = frontmatter.route
    const owner = TAKEN_ROUTES[route]
    if (!owner || (route === '/search' && /^@search[ \t]*$/m.test(body))) continue
    problems.error(
      file,
      lineOf(['route']),
      `field "route" is "${route}", which is kept for ${owner}. Choose another route`
    )
  }
}

/** Every browser tab title ends with the site name and fits: shorten the page part if not. */
function checkTabTitles(pages: PageFile[], site: Site, problems: ProblemList) {
  for (const { file, frontmatter, lineOf } of pages) {
    const title = tabTitle(frontmatter, site)
    if (title.length <= MAX_TITLE) continue
    const room = MAX_TITLE - (title.length - (frontmatter.shortTitle ?? frontmatter.title).length)
    const field = frontmatter.shortTitle ? 'shortTitle' : 'title'
    problems.error(
      file,
      lineOf([field]),
      `field "${field}": the browser tab would read "${title}", which is ${title.length} characters; at most ${MAX_TITLE} fit. ` +
        `Add a field "shortTitle:" of at most ${room} characters for the tab (the page heading keeps the full title)`
    )
  }
}

// ------------------------------------------------------------ 4. references

function checkNavigation(
  registries: Registries,
  routes: ReadonlySet<string>,
  yaml: Located,
  problems: ProblemList
) {
  const { main, footer, district } = registries.navigation
  const items = [
    ...main.flatMap((item, i) =>
      'items' in item
        ? item.items.map((sub, j) => ({ item: sub, path: ['main', i, 'items', j] }))
        : [{ item, path: ['main', i] }]
    ),
    ...footer.map((item, i) => ({ item, path: ['footer', i] })),
    ...district.map((item, i) => ({ item, path: ['district', i] })),
  ]
  for (const { item, path } of items) {
    if ('route' in item && !routes.has(item.route))
      problems.error(
        yaml.file,
        yaml.lineOf([...path, 'route']),
        `field "route" is "${item.route}", but no published page has that route.${didYouMean(item.route, routes)}`
      )
    if ('link' in item && !registries.links.has(item.link))
      problems.error(
        yaml.file,
        yaml.lineOf([...path, 'link']),
        `field "link" is "${item.link}", which is not in content/data/links.yaml.${didYouMean(item.link, registries.links.keys())}`
      )
  }
}

/** Tiles point at a page, an outside link or a document; each must exist. */
function checkTiles(
  { file, frontmatter, lineOf }: PageFile,
  registries: Registries,
  routes: ReadonlySet<string>,
  problems: ProblemList
) {
  for (const [group, tiles] of Object.entries(frontmatter.tiles ?? {})) {
    tiles.forEach((tile, i) => {
      const report = (key: string, message: string) =>
        problems.error(
          file,
          lineOf(['tiles', group, i, key]),
          `field ${fieldName(['tiles', group, i, key])} ${message}`
        )
      if ('route' in tile && !routes.has(tile.route))
        report(
          'route',
          `is "${tile.route}", but no published page has that route.${didYouMean(tile.route, routes)}`
        )
      if ('link' in tile && !registries.links.has(tile.link))
        report(
          'link',
          `is "${tile.link}", which is not in content/data/links.yaml.${didYouMean(tile.link, registries.links.keys())}`
        )
      if ('document' in tile && !registries.documents.has(tile.document))
        report(
          'document',
          `is "${tile.document}", which is not in content/data/documents.yaml.${didYouMean(tile.document, registries.documents.keys())}`
        )
    })
  }
}

// --------------------------------------------------------------- 6. notices

/** Days between two ISO days. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/**
 * An alert that has ended shows nowhere any more; one that runs more than a
 * year was most likely given a wrong year (2027 for 2026, 1906 for 2026).
 */
function noticeAlertDates(
  registries: Registries,
  yaml: Located,
  today: string,
  problems: ProblemList
) {
  registries.alerts.forEach((alert, i) => {
    if (alert.end < today)
      problems.notice(
        yaml.file,
        yaml.lineOf([i, 'end']),
        entryMessage({
          entry: alert.id,
          problem: `ended on ${alert.end}, so it shows nowhere. Delete it, or check its dates`,
        })
      )
    else if (daysBetween(alert.start, alert.end) > 365)
      problems.notice(
        yaml.file,
        yaml.lineOf([i, 'end']),
        entryMessage({
          entry: alert.id,
          problem: `runs more than a year, from ${alert.start} to ${alert.end}. Check the years`,
        })
      )
  })
}

/** Where the menus are edited, in the site editor and as a file. */
const MENUS = 'Menus (in the site editor; the file content/data/navigation.yaml)'

function noticePagesInNoMenu(
  pages: readonly RenderedPage[],
  files: readonly PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const inMenus = new Set<string>()
  const { main, footer, district } = registries.navigation
  for (const item of [...main, ...footer, ...district]) {
    for (const sub of 'items' in item ? item.items : [item])
      if ('route' in sub) inMenus.add(sub.route)
  }
  const linkedFrom = new Map<string, Set<string>>()
  const hrefToRoute = new Map(pages.map((p) => [routeHref(p.route), p.route]))
  for (const page of pages) {
    const hrefs = page.blocks.flatMap((block) =>
      block.kind === 'html'
        ? [...block.html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!)
        : block.kind === 'tiles'
          ? block.tiles.map((t) => t.href)
          : []
    )
    for (const href of hrefs) {
      const route = hrefToRoute.get(href)
      if (route && route !== page.route)
        linkedFrom.set(route, (linkedFrom.get(route) ?? new Set()).add(page.route))
    }
  }
  const lineOf = new Map(files.map((f) => [f.file, f.lineOf(['route'])]))
  for (const page of pages) {
    // The search page is linked from the search field on every page.
    if (inMenus.has(page.route) || page.blocks.some((b) => b.kind === 'search')) continue
    const from = linkedFrom.get(page.route)
    problems.notice(
      page.file,
      lineOf.get(page.file),
      from?.size
        ? `is in no menu; it is linked from ${[...from].sort().join(', ')}. If it should be in one, add it to a menu in ${MENUS}`
        : `is in no menu and no page links to it, so people can find it only by searching. Add it to a menu in ${MENUS}, or link to it from another page`
    )
  }
}

function noticeVideosWithoutCaptions(registries: Registries, yaml: Located, problems: ProblemList) {
  ;[...registries.videos.values()].forEach((video, i) => {
    if (video.captions) return
    problems.notice(
      yaml.file,
      yaml.lineOf([i, 'id']),
      entryMessage({
        entry: video.id,
        problem:
          'has no captions yet (field "captions"). People who cannot hear it miss what is said; the accessibility statement lists it until a captions file is added',
      })
    )
  })
}

/**
 * Two documents with the same address: one of them is probably the wrong
 * file (the Board's own lists have such slips). Named both, at the second.
 */
function noticeSameAddress(
  registries: Registries,
  located: Partial<LocatedRegistries>,
  meetings: readonly Located[],
  problems: ProblemList
) {
  const first = new Map<string, string>()
  // Every file, in order: each entry at its own file and line.
  const files = [located.documents!, ...meetings]
  const where = files.flatMap((yaml) =>
    (Array.isArray(yaml.data) ? yaml.data : []).map((_, i) => ({ yaml, i }))
  )
  ;[...registries.documents.values()].forEach((doc, n) => {
    const earlier = first.get(doc.url)
    if (!earlier) return void first.set(doc.url, doc.id)
    const { yaml, i } = where[n]!
    problems.notice(
      yaml.file,
      yaml.lineOf([i, 'url']),
      entryMessage({
        entry: doc.id,
        problem: `has the same address (field "url") as entry "${earlier}". One of them may point to the wrong file: check both on the district's site`,
      })
    )
  })
}

/**
 * A dated document the home page shows that is more than a year old (by
 * its day on the site, or else the first day of its year): the home page
 * is where visitors look for what is current.
 */
function noticeOldOnHome(pages: readonly RenderedPage[], today: string, problems: ProblemList) {
  const home = pages.find((p) => p.route === '/')
  if (!home) return
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
  const shown = home.blocks.flatMap((b) => (b.kind === 'document' ? b.documents : []))
  for (const doc of shown) {
    const day = doc.published ?? (doc.year ? `${doc.year}-01-01` : undefined)
    if (!day || day >= yearAgo) continue
    problems.notice(
      home.file,
      undefined,
      `shows the document "${doc.id}" (${doc.title}), which is from ${day.slice(0, 4)}: more than a year old. Check that it is still current, or move it off the home page`
    )
  }
}

/** Figures a registry holds, typed into a page instead of written as a token. */
function noticeTypedFigures(
  pages: readonly PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const { fees, site } = registries
  const figures: { text: string; what: string; token: string }[] = [
    ...fees.inspection.tiers.flatMap((tier) =>
      moneyForms(tier.amount).map((text) => ({
        text,
        what: `the "${tier.id}" inspection fee`,
        token: `{{fee:${tier.id}}}`,
      }))
    ),
    ...moneyForms(fees.inspection.reinspection).map((text) => ({
      text,
      what: 'the re-inspection fee',
      token: '{{fee:reinspection}}',
    })),
    ...fees.cardFees.methods.map((method) => ({
      text: `${method.percent}%`,
      what: `the "${method.id}" card fee`,
      token: `{{card-fee:${method.id}}}`,
    })),
    { text: site.phone, what: 'the phone number', token: '{{site:phone}}' },
    { text: site.email, what: 'the e-mail address', token: '{{site:email}}' },
  ]
  const patterns = figures.map((figure) => ({
    ...figure,
    // Not when more digits follow: $45 is not $450 or $45.50.
    pattern: new RegExp(`${figure.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|\\.\\d)`),
  }))
  for (const { file, body, bodyLine } of pages) {
    body.split('\n').forEach((line, i) => {
      for (const figure of patterns) {
        if (!figure.pattern.test(line)) continue
        problems.notice(
          file,
          bodyLine + i + 1,
          `types "${figure.text}", which is ${figure.what} in content/data. Write ${figure.token} instead, so the page follows when it changes`
        )
      }
    })
  }
}

/** "$45.00" and "$45" for 45; "$0.30" for 0.3. */
function moneyForms(amount: number): string[] {
  const full = formatMoney(amount)
  return Number.isInteger(amount) ? [full, full.replace(/\.00$/, '')] : [full]
}
