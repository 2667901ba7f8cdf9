import webvtt from 'webvtt-parser'
import { HIDDEN_ADVICE, hiddenCharacters } from '#lib/content/characters.ts'
import { didYouMean, fieldName } from '#lib/content/messages.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import type { PageFile, ReadContent } from '#lib/content/read.ts'
import type { Located } from '#lib/content/yaml.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { Site } from '#lib/content/schemas.ts'
import type { ContentSource, SourceFile } from '#lib/content/source.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'

// Step 2 of the content check: the rules across files. Each runs on whatever could be
// read, so one mistake never hides another.

export type CheckedSource = ReturnType<typeof checkSource>

/** Hands rendering the registries (absent when any has errors) and the published pages. */
export function checkSource(source: ContentSource, read: ReadContent, problems: ProblemList) {
  for (const file of Object.values(source.registries)) checkCharacters(file, problems)
  const bodyLines = new Map([...read.pages, ...read.withErrors].map((p) => [p.file, p.bodyLine]))
  for (const file of source.pages) checkCharacters(file, problems, bodyLines.get(file.path) ?? 0)
  for (const file of [...source.captions, ...source.meetings]) checkCharacters(file, problems)
  // Captions need only the videos: checked even when another registry has a mistake.
  const cues = checkCaptions(read, source, problems)
  const before = problems.errors.length
  if (read.registries) {
    // An id used twice across documents.yaml and the meeting records, named at the later one.
    const first = new Map<string, string>()
    for (const { doc, yaml, index } of read.documents!) {
      const earlier = first.get(doc.id)
      if (!earlier) first.set(doc.id, yaml.file)
      else
        problems.error(
          yaml.file,
          yaml.lineOf([index, 'id']),
          `entry "${doc.id}": uses an id that ${earlier} already has. Every document needs its own id: choose another one`
        )
    }
    checkFees(read.registries, read.located.fees!, problems)
    checkMeetingDays(read.located.schedule!, problems)
  }
  const registries = problems.errors.length === before ? read.registries : undefined
  checkUniqueRoutes(read.pages, problems)
  checkFreeRoutes(read.pages, problems)
  if (read.site) checkTabTitles(read.pages, read.site, problems)
  const published = read.pages.filter((p) => !p.frontmatter.draft)
  // A page with a mistake in its frontmatter still owns its route: links to it are not broken.
  const routes = new Set([
    ...published.map((p) => p.frontmatter.route),
    ...read.withErrors.flatMap((p) => p.route ?? []),
  ])
  if (registries) {
    const { main, footer, district } = registries.navigation
    const menuItems = [
      ...main.flatMap((item, i) =>
        'items' in item
          ? item.items.map((sub, j) => ({ item: sub, path: ['main', i, 'items', j] }))
          : [{ item, path: ['main', i] }]
      ),
      ...footer.map((item, i) => ({ item, path: ['footer', i] })),
      ...district.map((item, i) => ({ item, path: ['district', i] })),
    ]
    const yaml = read.located.navigation!
    for (const { item, path } of menuItems) {
      const [key, message] = brokenTarget(item, registries, routes) ?? []
      if (key) problems.error(yaml.file, yaml.lineOf([...path, key]), `field "${key}" ${message}`)
    }
    for (const { file, frontmatter, lineOf } of published)
      for (const [group, tiles] of Object.entries(frontmatter.tiles ?? {}))
        tiles.forEach((tile, i) => {
          const [key, message] = brokenTarget(tile, registries, routes) ?? []
          if (!key) return
          const path = ['tiles', group, i, key]
          problems.error(file, lineOf(path), `field ${fieldName(path)} ${message}`)
        })
  }
  const { located, documents, withErrors } = read
  return { registries, located, documents, pages: published, withErrors, routes, cues }
}

function checkFees(registries: Registries, fees: Located, problems: ProblemList) {
  const error = (path: string[], words: string) =>
    problems.error(fees.file, fees.lineOf(path), `field ${fieldName(path)} ${words}`)
  const coverage = tierCoverageProblem(registries.fees.inspection.tiers)
  if (coverage) error(['inspection', 'tiers'], `do not fit together: ${coverage}`)
  const ordinance = registries.fees.cardFees.ordinance
  if (!registries.documents.has(ordinance))
    error(
      ['cardFees', 'ordinance'],
      `refers to document "${ordinance}", which is not in content/data/documents.yaml.${didYouMean(ordinance, registries.documents.keys())}`
    )
}

/** One meeting of each kind a day: a calendar knows a meeting by its day and kind. */
function checkMeetingDays(schedule: Located, problems: ProblemList) {
  const seen = new Set<string>()
  ;(schedule.data as { date: string; kind?: string }[]).forEach(({ date, kind = 'regular' }, i) => {
    if (!seen.has(`${date} ${kind}`)) return void seen.add(`${date} ${kind}`)
    problems.error(
      schedule.file,
      schedule.lineOf([i, 'date']),
      `entry "${date}": is a second ${kind} meeting on that day. List each meeting once; a meeting that moved keeps its entry with cancelled: true, and the new day gets its own`
    )
  })
}

/** Captions and descriptions files, the only content published as files: each named by a video, and WebVTT. */
function checkCaptions(read: ReadContent, source: ContentSource, problems: ProblemList) {
  const { videos, located } = read
  const yaml = located.videos
  const captionFiles = new Map(source.captions.map((file) => [file.path.split('/').pop()!, file]))
  const named = new Map<string, { duration?: number }>()
  ;(videos ?? []).forEach((video, i) => {
    for (const field of ['captions', 'descriptions'] as const) {
      const name = video[field]
      if (!name || (named.set(name, video), captionFiles.has(name))) continue
      problems.error(
        yaml!.file,
        yaml!.lineOf([i, field]),
        `entry "${video.id}": field "${field}" names "${name}", but there is no such file in ${source.root}/captions.${didYouMean(name, captionFiles.keys())} Add the WebVTT file there`
      )
    }
  })
  // The file a video most likely meant is not called unused on top of its error.
  const missing = [...named.keys()].some((name) => !captionFiles.has(name))
  const cues = new Map<string, Cue[]>()
  for (const [name, file] of captionFiles) {
    if (videos && !named.has(name)) {
      if (!missing)
        problems.error(
          file.path,
          undefined,
          `is not used by any video. Name it in the "captions" or "descriptions" field of its video in ${yaml!.file}, or delete it`
        )
      continue
    }
    const found = checkWebvtt(file, problems, named.get(name)?.duration)
    if (found) cues.set(name, found)
  }
  return cues
}

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

/** Paths the site or its hosts use themselves (routes cannot start with _ or . at all). */
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
  '/cdn-cgi': "Cloudflare's own addresses",
}

/** The search page itself (the page with the `@search` line) is the one page on /search. */
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

/** The field of a menu item or tile that points nowhere, and why; undefined when all is well. */
function brokenTarget(
  target: { route: string } | { link: string } | { document: string },
  registries: Registries,
  routes: ReadonlySet<string>
): [string, string] | undefined {
  const [key, id, known, file] =
    'route' in target
      ? (['route', target.route, routes, ''] as const)
      : 'link' in target
        ? (['link', target.link, registries.links, 'links.yaml'] as const)
        : (['document', target.document, registries.documents, 'documents.yaml'] as const)
  if (known.has(id)) return undefined
  const why = file ? `which is not in content/data/${file}` : 'but no published page has that route'
  return [key, `is "${id}", ${why}.${didYouMean(id, known.keys())}`]
}

/** Refuses invisible characters at their line and column; in page text (from line `bodyFrom`) tabs too. */
function checkCharacters(file: SourceFile, problems: ProblemList, bodyFrom?: number) {
  file.text.split('\n').forEach((line, i) => {
    const tabs = bodyFrom !== undefined && i >= bodyFrom ? line.matchAll(/\t/g) : []
    for (const { index } of tabs)
      problems.error(
        file.path,
        i + 1,
        `has a tab at column ${index + 1}. Use spaces instead: a tab at the start of a line turns the text into a box of code`
      )
    for (const { index, what } of hiddenCharacters(line))
      problems.error(file.path, i + 1, `has ${what} at column ${index + 1}. ${HIDDEN_ADVICE}`)
  })
}

// Captions files: structure and timings by the W3C's own parser (webvtt-parser); cue
// text may hold only WebVTT's own tags and escapes, and lines not shown no markup at all.

const TAG_LIST = '<b>, <i>, <u>, <c>, <v>, <lang>, <ruby> and <rt>'
/** A WebVTT tag or cue timestamp: classes are plain words; only <v> and <lang> take words after a space. */
const CLASSES = '(?:\\.[\\w-]+)*'
const WEBVTT_TAG = new RegExp(
  `^<(?:(?:b|i|u|c|ruby|rt)${CLASSES}|v${CLASSES}(?:[ \\t][^<>"=\`]*)?|lang${CLASSES}[ \\t][\\w-]+|/(?:b|i|u|c|v|lang|ruby|rt)|\\d{2,}:\\d{2}:\\d{2}\\.\\d{3}|\\d{2}:\\d{2}\\.\\d{3})>$`
)
const ESCAPE = /^&(?:amp|lt|gt|lrm|rlm|nbsp);/

/** A cue as a transcript shows it: its moments in seconds and its words without markup. */
export type Cue = { start: number; end: number; text: string }

/** 75.5 seconds as "1:15.5", as the editor and messages show moments. */
export const clock = (seconds: number) => {
  const tenths = Math.round(seconds * 10)
  const rest = ((tenths % 600) / 10).toFixed(1).padStart(4, '0')
  return `${Math.floor(tenths / 600)}:${rest}`.replace(/\.0$/, '')
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0' }
type ParsedCue = { startTime: number; endTime: number; text: string }
type Add = (line: number, message: string) => void

/** The cues of a valid file, each refused at its timing line if empty, overlapping or past the video's end. */
function cuesOf(parsed: ParsedCue[], input: string, duration = Infinity, add?: Add) {
  const lines = input.split('\n').flatMap((line, i) => (line.includes('-->') ? [i + 1] : []))
  return parsed.map(({ startTime: start, endTime: end, text: raw }, i): Cue => {
    const text = raw
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/\s+/g, ' ')
      .trim()
    const before = parsed[i - 1]?.endTime ?? 0
    for (const message of [
      !text && 'is a cue with no words. Write what is said (or seen) in it, or delete it',
      start < before &&
        `starts at ${clock(start)}, before the cue above it ends (${clock(before)}). Cues may not overlap: change one of the two times`,
      end > duration &&
        `ends at ${clock(end)}, after the video ends (at ${clock(duration)}, its field "duration" in videos.yaml). Change the time, or the duration if it is wrong`,
    ])
      if (message) add?.(lines[i]!, message)
    return { start, end, text }
  })
}

/** A video's transcript: its captions, and its descriptions ("Seen: …"), by time. */
export const transcriptOf = (said: Cue[] = [], seen: Cue[] = []) =>
  [...said, ...seen.map((cue) => ({ ...cue, text: `Seen: ${cue.text}` }))].sort(
    (a, b) => a.start - b.start
  )

/** The cues of a WebVTT file, unchecked (the captions workshop reads its files back with it). */
export const readCues = (input: string) =>
  cuesOf(new webvtt.WebVTTParser().parse(input, 'subtitles').cues, input)

/** Refuses what is not checked WebVTT; returns the cues of a file with no mistake. */
function checkWebvtt({ path, text: input }: SourceFile, problems: ProblemList, duration?: number) {
  const before = problems.errors.length
  const add = (line: number | undefined, message: string): undefined =>
    void problems.error(path, line, message)
  const parsed = new webvtt.WebVTTParser().parse(input, 'subtitles')
  // Nothing after a wrong first line is worth reading as WebVTT.
  if (parsed.errors.some((e) => e.message.startsWith('No valid signature')))
    return add(
      1,
      'is not a WebVTT captions file: its first line must be WEBVTT. Export the captions as WebVTT (.vtt)'
    )
  for (const { message, line } of parsed.errors) {
    // Cue text is checked below, line by line.
    if (/tag|annotation|<v>|escape/i.test(message)) continue
    if (/timestamp|separator|digits|seconds|minutes|Milliseconds/i.test(message))
      add(
        line,
        `has a cue timing that is not right: ${message} Timings look like 00:00:01.000 --> 00:00:04.000`
      )
    else add(line, `is not valid WebVTT here: ${message}`)
  }
  // Cue text runs from the line after a timing up to a blank line.
  let inCue = false
  for (const [i, text] of input.split('\n').entries()) {
    const line = i + 1
    const cue = inCue && text.trim() !== ''
    if (text.trim() === '') inCue = false
    else if (!inCue && text.includes('-->')) inCue = true
    // The WEBVTT line, NOTE blocks, cue names and timings are never shown.
    if (!cue && /[<>]/.test(text.replaceAll('-->', '')))
      add(
        line,
        'has "<" or ">" outside the captions text (in the WEBVTT line, a NOTE, a cue name or a timing). Nothing there is shown, so it needs no markup: delete it'
      )
    if (!cue) continue
    for (const [tag] of text.matchAll(/<[^>]*>?/g))
      if (!WEBVTT_TAG.test(tag))
        add(
          line,
          `has markup that captions cannot use (${JSON.stringify(tag)}). Captions text may use only WebVTT's own tags: ${TAG_LIST}`
        )
    for (const match of text.matchAll(/&/g))
      if (!ESCAPE.test(text.slice(match.index)))
        add(line, 'has an "&" on its own. Write &amp; for "&" (and &lt; for "<") in captions')
  }
  if (parsed.styles.length > 0)
    add(
      undefined,
      "has a STYLE block. Captions on this site use the site's own look: delete the STYLE block"
    )
  return problems.errors.length > before ? undefined : cuesOf(parsed.cues, input, duration, add)
}
