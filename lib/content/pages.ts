import matter from 'gray-matter'
import type { Located } from '#lib/content/check.ts'
import { describeIssues, didYouMean, fieldName } from '#lib/content/messages.ts'
import { fail, entryMessage, type ProblemList } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import { pageSchema, routeSchema, type PageFrontmatter, type Site } from '#lib/content/schemas.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'

// Steps 3 and 4 of the content check (lib/content/check.ts runs them): the
// pages' frontmatter, their routes (one page each, none the site keeps for
// itself) and tab titles; then the menus and tiles that point at pages,
// outside links and documents.

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

export function readPages(
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
export function checkUniqueRoutes(pages: PageFile[], problems: ProblemList) {
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
export function checkFreeRoutes(pages: PageFile[], problems: ProblemList) {
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
export function checkTabTitles(pages: PageFile[], site: Site, problems: ProblemList) {
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

export function checkNavigation(
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
export function checkTiles(
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
