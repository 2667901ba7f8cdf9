import { checkCharacters } from '#lib/content/characters.ts'
import { didYouMean, fieldName } from '#lib/content/messages.ts'
import { entryMessage, type ProblemList } from '#lib/content/problems.ts'
import type {
  DocumentRecord,
  Located,
  LocatedRegistries,
  PageFile,
  ReadContent,
} from '#lib/content/read.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { Site, VideoEntry } from '#lib/content/schemas.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { webvttProblems } from '#lib/content/webvtt.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'

// Step 2 of the content check (lib/content/index.ts runs the steps): the
// rules that look across what step 1 (read.ts) read, in this order:
// invisible characters in every file (characters.ts); captions files
// against the videos; ids shared across documents.yaml and the meeting
// records, fee tiers and the fee ordinance; the pages' routes (one page
// each, none the site keeps for itself) and tab titles; then the menus and
// tiles that point at pages, outside links and documents. The Markdown is
// checked while it is rendered (step 3, render.ts); notices come last (step
// 4, notices.ts).
//
// A mistake never hides another: every rule runs on whatever step 1 could
// read, and one that needs a registry with errors skips only what needs it.

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
  withErrors: ReadContent['withErrors']
  routes: ReadonlySet<string>
}

export function checkSource(
  source: ContentSource,
  read: ReadContent,
  problems: ProblemList
): CheckedSource {
  for (const file of Object.values(source.registries)) checkCharacters(file, 'yaml', problems)
  const bodyLines = new Map([...read.pages, ...read.withErrors].map((p) => [p.file, p.bodyLine]))
  for (const file of source.pages) checkCharacters(file, 'page', problems, bodyLines.get(file.path))
  for (const file of source.captions) checkCharacters(file, 'captions', problems)
  for (const file of source.meetings) checkCharacters(file, 'yaml', problems)
  // Captions need only the videos: checked even when another registry has a mistake.
  checkCaptions(read.videos, read.located.videos, source, problems)
  const before = problems.errors.length
  if (read.registries) {
    sameIdAcrossFiles(read.documents!, problems)
    checkRegistryRules(read.registries, read.located as LocatedRegistries, problems)
  }
  const registries = problems.errors.length === before ? read.registries : undefined
  checkUniqueRoutes(read.pages, problems)
  checkFreeRoutes(read.pages, problems)
  if (read.site) checkTabTitles(read.pages, read.site, problems)
  const published = read.pages.filter((p) => !p.frontmatter.draft)
  // A page with a mistake in its frontmatter still owns its route: links to
  // it are not reported as broken on top of its own mistake.
  const routes = new Set([
    ...published.map((p) => p.frontmatter.route),
    ...read.withErrors.flatMap((p) => p.route ?? []),
  ])
  if (registries) {
    checkNavigation(registries, routes, read.located.navigation!, problems)
    for (const page of published) checkTiles(page, registries, routes, problems)
  }
  const { located, meetings, withErrors } = read
  return { registries, located, meetings, pages: published, withErrors, routes }
}

/**
 * An id used twice across documents.yaml and the meeting records: pages
 * could not tell them apart. Named at the later entry, with the file of the first.
 */
function sameIdAcrossFiles(documents: DocumentRecord[], problems: ProblemList) {
  const first = new Map<string, string>()
  for (const { doc, yaml, index } of documents) {
    const earlier = first.get(doc.id)
    if (!earlier) first.set(doc.id, yaml.file)
    else
      problems.error(
        yaml.file,
        yaml.lineOf([index, 'id']),
        entryMessage({
          entry: doc.id,
          problem: `uses an id that ${earlier} already has. Every document needs its own id: choose another one`,
        })
      )
  }
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
