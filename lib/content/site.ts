import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import matter from 'gray-matter'
import {
  ContentError,
  parseWithContext,
  parseYamlWithLines,
  type LocatedYaml,
} from '@/lib/content/errors'
import type { RenderedAlert } from '@/lib/content/alerts'
import { renderMarkdown, type Block } from '@/lib/content/markdown'
import { loadRegistries, type Registries } from '@/lib/content/registries'
import { pageSchema, type PageFrontmatter } from '@/lib/content/schemas'

/**
 * Where staff edit content: pages in content/pages, registries in
 * content/data. CONTENT_DIR may point elsewhere (the tests use copies).
 */
export const CONTENT_DIR = process.env.CONTENT_DIR ?? join(process.cwd(), 'content')

export type Page = PageFrontmatter & {
  /** The Markdown file the page comes from. */
  file: string
  blocks: Block[]
}

export type SiteContent = {
  registries: Registries
  /** Every alert, with its message rendered; PageShell shows the active ones. */
  alerts: RenderedAlert[]
  /** Published pages (drafts left out), in route order. */
  pages: Page[]
  byRoute: ReadonlyMap<string, Page>
}

type ParsedFile = {
  file: string
  frontmatter: PageFrontmatter
  body: string
  bodyLine: number
  lineOf: LocatedYaml['lineOf']
}

function readPage(file: string): ParsedFile {
  const source = readFileSync(file, 'utf8')
  if (!/^---\r?\n/.test(source)) {
    throw new ContentError({
      file,
      line: 1,
      problem: 'has no frontmatter; a page starts with a line "---", its fields, then "---"',
    })
  }
  // gray-matter splits the file; the frontmatter is then parsed again with
  // line positions so errors can point at the line to fix.
  const split = matter(source, { engines: { yaml: () => ({}) } })
  // gray-matter keeps the newline after the opening `---`, so YAML line n is file line n.
  const located = parseYamlWithLines(split.matter, file, split.matter.startsWith('\n') ? 0 : 1)
  const frontmatter = parseWithContext(pageSchema, located, file)
  const bodyLine = source.slice(0, source.length - split.content.length).split('\n').length - 1
  return { file, frontmatter, body: split.content, bodyLine, lineOf: located.lineOf }
}

/** Reads, checks and renders every page and registry under `contentDir`. */
export function loadSiteContent(contentDir: string = CONTENT_DIR): SiteContent {
  const registries = loadRegistries(join(contentDir, 'data'))
  const pagesDir = join(contentDir, 'pages')
  const files = readdirSync(pagesDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readPage(join(pagesDir, name)))

  const owner = new Map<string, string>()
  for (const { file, frontmatter } of files) {
    const other = owner.get(frontmatter.route)
    if (other) {
      throw new ContentError({
        file,
        field: 'route',
        problem: `is "${frontmatter.route}", which ${other} already uses; each route belongs to one page`,
      })
    }
    owner.set(frontmatter.route, file)
  }

  const published = files.filter((f) => !f.frontmatter.draft)
  const routes = new Set(published.map((f) => f.frontmatter.route))
  checkNavigation(registries, routes, join(contentDir, 'data', 'navigation.yaml'))
  for (const page of published) checkTiles(page, registries, routes)

  const pages = published
    .map(({ file, frontmatter, body, bodyLine }) => ({
      ...frontmatter,
      file,
      blocks: renderMarkdown(body, { file, lineOffset: bodyLine, routes, registries, frontmatter }),
    }))
    .sort((a, b) => a.route.localeCompare(b.route))
  const alerts = renderAlerts(registries, routes, join(contentDir, 'data', 'alerts.yaml'))
  return { registries, alerts, pages, byRoute: new Map(pages.map((p) => [p.route, p])) }
}

function checkNavigation(registries: Registries, routes: ReadonlySet<string>, file: string) {
  const located = parseYamlWithLines(readFileSync(file, 'utf8'), file)
  const { main, footer } = registries.navigation
  const all = [
    ...main.map((item, i) => ({ item, path: ['main', i] as PropertyKey[] })),
    ...footer.map((item, i) => ({ item, path: ['footer', i] as PropertyKey[] })),
  ]
  all.forEach(({ item, path: itemPath }) => {
    const entries =
      'items' in item
        ? item.items.map((sub, j) => ({ sub, path: [...itemPath, 'items', j] }))
        : [{ sub: item, path: itemPath }]
    for (const { sub, path } of entries) {
      if ('route' in sub && !routes.has(sub.route)) {
        throw new ContentError({
          file,
          line: located.lineOf([...path, 'route']),
          field: 'route',
          problem: `is "${sub.route}", but no page has that route`,
        })
      }
      if ('link' in sub && !registries.links.has(sub.link)) {
        throw new ContentError({
          file,
          line: located.lineOf([...path, 'link']),
          field: 'link',
          problem: `is "${sub.link}", which is not in links.yaml`,
        })
      }
    }
  })
}

/** Tiles point at a page, a link or a document; each must exist. */
function checkTiles(
  { file, frontmatter, lineOf }: ParsedFile,
  registries: Registries,
  routes: ReadonlySet<string>
) {
  for (const [group, tiles] of Object.entries(frontmatter.tiles ?? {})) {
    tiles.forEach((tile, i) => {
      const at = (key: string) => ({
        file,
        line: lineOf(['tiles', group, i, key]),
        field: `tiles.${group}[${i}].${key}`,
      })
      if ('route' in tile && !routes.has(tile.route)) {
        throw new ContentError({
          ...at('route'),
          problem: `is "${tile.route}", but no page has that route`,
        })
      }
      if ('link' in tile && !registries.links.has(tile.link)) {
        throw new ContentError({
          ...at('link'),
          problem: `is "${tile.link}", which is not in content/data/links.yaml`,
        })
      }
      if ('document' in tile && !registries.documents.has(tile.document)) {
        throw new ContentError({
          ...at('document'),
          problem: `is "${tile.document}", which is not in content/data/documents.yaml`,
        })
      }
    })
  }
}

/** Renders alert messages like page text: sanitized, links and tokens checked. */
function renderAlerts(
  registries: Registries,
  routes: ReadonlySet<string>,
  file: string
): RenderedAlert[] {
  const located = parseYamlWithLines(readFileSync(file, 'utf8'), file)
  return registries.alerts.map((alert, i) => {
    // A `message: |` block starts on the line after its key.
    const lineOffset = located.lineOf([i, 'message']) ?? 0
    const blocks = renderMarkdown(alert.message, {
      file,
      lineOffset,
      routes,
      registries,
      frontmatter: {},
    })
    if (blocks.some((b) => b.kind !== 'html')) {
      throw new ContentError({
        file,
        line: lineOffset,
        entry: alert.id,
        field: 'message',
        problem: 'can hold text and links only, not @ lines',
      })
    }
    return { ...alert, html: blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('\n') }
  })
}

let cached: SiteContent | undefined

/** The site's content, loaded once per build process. */
export function getSiteContent(): SiteContent {
  cached ??= loadSiteContent()
  return cached
}
