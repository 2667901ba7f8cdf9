import { checkCharacters } from '#lib/content/characters.ts'
import { didYouMean, fieldName } from '#lib/content/messages.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import type { PageFile, ReadContent } from '#lib/content/read.ts'
import type { Located } from '#lib/content/yaml.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { Site } from '#lib/content/schemas.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { webvttProblems } from '#lib/content/webvtt.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'

// Step 2 of the content check: the rules across what read.ts read (characters,
// captions, shared ids, fee rules, routes, tab titles, menus and tiles). Each rule
// runs on whatever could be read, so one mistake never hides another.

export type CheckedSource = ReturnType<typeof checkSource>

/** Hands rendering the registries (absent when any has errors) and the published pages. */
export function checkSource(source: ContentSource, read: ReadContent, problems: ProblemList) {
  for (const file of Object.values(source.registries)) checkCharacters(file, problems)
  const bodyLines = new Map([...read.pages, ...read.withErrors].map((p) => [p.file, p.bodyLine]))
  for (const file of source.pages) checkCharacters(file, problems, bodyLines.get(file.path) ?? 0)
  for (const file of [...source.captions, ...source.meetings]) checkCharacters(file, problems)
  // Captions need only the videos: checked even when another registry has a mistake.
  checkCaptions(read, source, problems)
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
          if (key)
            problems.error(
              file,
              lineOf(['tiles', group, i, key]),
              `field ${fieldName(['tiles', group, i, key])} ${message}`
            )
        })
  }
  const { located, documents, withErrors } = read
  return { registries, located, documents, pages: published, withErrors, routes }
}

function checkFees(registries: Registries, fees: Located, problems: ProblemList) {
  const coverage = tierCoverageProblem(registries.fees.inspection.tiers)
  if (coverage)
    problems.error(
      fees.file,
      fees.lineOf(['inspection', 'tiers']),
      `field ${fieldName(['inspection', 'tiers'])} do not fit together: ${coverage}`
    )
  const ordinance = registries.fees.cardFees.ordinance
  if (!registries.documents.has(ordinance))
    problems.error(
      fees.file,
      fees.lineOf(['cardFees', 'ordinance']),
      `field ${fieldName(['cardFees', 'ordinance'])} refers to document "${ordinance}", which is not in content/data/documents.yaml.${didYouMean(ordinance, registries.documents.keys())}`
    )
}

/** Captions files, the only content published as files: each named by a video, and WebVTT. */
function checkCaptions(read: ReadContent, source: ContentSource, problems: ProblemList) {
  const { videos, located } = read
  const yaml = located.videos
  const captionFiles = new Map(source.captions.map((file) => [file.path.split('/').pop()!, file]))
  const named = new Set<string>()
  ;(videos ?? []).forEach((video, i) => {
    if (!video.captions) return
    named.add(video.captions)
    if (captionFiles.has(video.captions)) return
    problems.error(
      yaml!.file,
      yaml!.lineOf([i, 'captions']),
      `entry "${video.id}": field "captions" names "${video.captions}", but there is no such file in ${source.root}/captions.${didYouMean(video.captions, captionFiles.keys())} Add the WebVTT file there`
    )
  })
  // The file a video most likely meant is not called unused on top of its error.
  const missing = [...named].some((name) => !captionFiles.has(name))
  for (const [name, file] of captionFiles) {
    if (videos && !named.has(name)) {
      if (!missing)
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
  if ('route' in target)
    return routes.has(target.route)
      ? undefined
      : [
          'route',
          `is "${target.route}", but no published page has that route.${didYouMean(target.route, routes)}`,
        ]
  const [key, id, known, file] =
    'link' in target
      ? ['link', target.link, registries.links, 'links.yaml']
      : ['document', target.document, registries.documents, 'documents.yaml']
  if (known.has(id)) return undefined
  return [key, `is "${id}", which is not in content/data/${file}.${didYouMean(id, known.keys())}`]
}
