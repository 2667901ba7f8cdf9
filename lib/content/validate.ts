import matter from 'gray-matter'
import { z } from 'zod'
import type { RenderedAlert } from '#lib/content/alerts.ts'
import type { Block, CaptionGap, IndexedPage } from '#lib/content/blocks.ts'
import { renderMarkdown, renderText, type MarkdownContext } from '#lib/content/markdown/index.ts'
import { describeIssues, didYouMean, fieldName } from '#lib/content/messages.ts'
import {
  ContentError,
  entryMessage,
  fail,
  ProblemList,
  type ContentProblem,
} from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { pageSchema, type PageFrontmatter } from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type SourceFile,
} from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'
import { formatMoney } from '#lib/money.ts'
import { routeHref } from '#lib/routes.ts'

// Every check of the content, in one place and in this order:
//   1. every file: no invisible characters that could hide or reverse text;
//   2. the registries (content/data): YAML, each schema, unique ids, then
//      the rules across a registry (fee tiers, the fee ordinance, captions);
//   3. the pages: frontmatter, unique routes, browser tab titles;
//   4. references outside the text: menus and tiles;
//   5. the Markdown (transcripts, alert messages, pages): links, @ lines,
//      tokens and headings, checked while they are rendered;
//   6. notices: pages in no menu, videos without captions, figures typed
//      out where a registry holds them.
// Errors stop the build; notices are printed and publish anyway. Each
// problem names its file and line, in plain words.

export type Page = PageFrontmatter & {
  /** The Markdown file the page comes from. */
  file: string
  blocks: Block[]
}

export type SiteContent = {
  registries: Registries
  /** Every alert, with its message rendered; the page frame shows the active ones. */
  alerts: RenderedAlert[]
  /** Published pages (drafts left out), in route order. */
  pages: Page[]
  byRoute: ReadonlyMap<string, Page>
}

export type ValidationResult = {
  /** The checked content, when there is no error. */
  content?: SiteContent
  problems: ContentProblem[]
}

/** Checks and renders all of the content. */
export function validateContent(source: ContentSource): ValidationResult {
  const problems = new ProblemList()
  // 1. Characters that hide or reverse text, in every file.
  for (const file of [...Object.values(source.registries), ...source.pages, ...source.captions])
    checkCharacters(file, problems)
  // 2. Registries.
  const registries = readRegistries(source, problems)
  // 3. Pages.
  const pages = readPages(source, problems)
  if (!registries || problems.errors.length) return { problems: problems.items }
  checkTabTitles(pages, registries, problems)
  checkUniqueRoutes(pages, problems)
  const published = pages.filter((p) => !p.frontmatter.draft)
  const routes = new Set(published.map((p) => p.frontmatter.route))
  // 4. Menus and tiles.
  checkNavigation(registries, routes, source, problems)
  for (const page of published) checkTiles(page, registries, routes, problems)
  if (problems.errors.length) return { problems: problems.items }
  // 5. Markdown.
  const index: IndexedPage[] = published.map(({ frontmatter: f }) => ({
    route: f.route,
    title: f.title,
    description: f.description,
    section: f.section,
  }))
  const gaps = captionGaps(registries, published)
  const context = (file: string, lineOffset: number): MarkdownContext => ({
    file,
    lineOffset,
    routes,
    registries,
    pages: index,
    captionGaps: gaps,
  })
  const transcripts = renderTranscripts(source, registries, context, problems)
  const alerts = renderAlerts(source, registries, context, problems)
  const rendered: Page[] = []
  for (const { file, frontmatter, body, bodyLine } of published) {
    const blocks = problems.catch(() =>
      renderMarkdown(body, {
        ...context(file, bodyLine),
        tiles: frontmatter.tiles,
        transcripts,
      })
    )
    if (blocks) rendered.push({ ...frontmatter, file, blocks })
  }
  if (problems.errors.length) return { problems: problems.items }
  rendered.sort((a, b) => a.route.localeCompare(b.route))
  // 6. Notices.
  noticePagesInNoMenu(rendered, published, registries, problems)
  noticeVideosWithoutCaptions(source, registries, problems)
  noticeTypedFigures(published, registries, problems)
  return {
    content: {
      registries,
      alerts: alerts ?? [],
      pages: rendered,
      byRoute: new Map(rendered.map((p) => [p.route, p])),
    },
    problems: problems.items,
  }
}

/** Checks the content and returns it, or throws a ContentError listing every error. */
export function buildSiteContent(source: ContentSource): SiteContent {
  const { content, problems } = validateContent(source)
  if (!content) throw new ContentError(problems.filter((p) => p.severity === 'error'))
  return content
}

// ------------------------------------------------------------ 1. characters

/** Bidirectional controls and invisible characters (U+202A–E, U+2066–9, U+200B–F, U+FEFF). */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/g

function checkCharacters(file: SourceFile, problems: ProblemList) {
  // A byte-order mark at the very start is how some editors save UTF-8; it is harmless.
  const text = file.text.replace(/^\uFEFF/, '')
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(HIDDEN)) {
      const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
      problems.error(
        file.path,
        i + 1,
        `has an invisible character (U+${code}) at column ${match.index + 1}. Characters like this can hide or reverse text; delete it (if you cannot see it, retype the line)`
      )
    }
  })
}

// ------------------------------------------------------------ 2. registries

type Located = LocatedYaml & { file: string }

function readRegistries(source: ContentSource, problems: ProblemList): Registries | undefined {
  const parsed: Partial<Record<string, unknown>> = {}
  const located: Partial<Record<string, Located>> = {}
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
  if (REGISTRY_NAMES.some((name) => !(name in parsed))) return undefined
  const byId = <T extends { id: string }>(entries: unknown) =>
    new Map((entries as T[]).map((entry) => [entry.id, entry]))
  const registries = {
    ...(parsed as Omit<Registries, 'documents' | 'videos' | 'forms' | 'links'>),
    documents: byId(parsed.documents),
    videos: byId(parsed.videos),
    forms: byId(parsed.forms),
    links: byId(parsed.links),
    holidays: [...(parsed.holidays as Registries['holidays'])].sort((a, b) =>
      a.date.localeCompare(b.date)
    ),
  } as Registries
  checkRegistryRules(registries, located as Record<string, Located>, source, problems)
  return registries
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
  let ok = true
  const seen = new Map<string, number>()
  yaml.data.forEach((raw, i) => {
    const name = (raw as Record<string, unknown> | null)?.[key]
    const entry = typeof name === 'string' ? name : `number ${i + 1}`
    const result = schema.safeParse(raw)
    if (!result.success) {
      ok = false
      for (const { path, at, message } of describeIssues(result.error.issues, raw)) {
        problems.error(
          yaml.file,
          yaml.lineOf([i, ...at]),
          entryMessage({
            entry,
            field: path.length ? fieldName(path) : undefined,
            problem: message,
          })
        )
      }
      return
    }
    if (key === 'id' && typeof name === 'string') {
      const earlier = seen.get(name)
      if (earlier !== undefined) {
        ok = false
        problems.error(
          yaml.file,
          yaml.lineOf([i, 'id']),
          entryMessage({
            entry,
            problem: `uses the same id as the entry on line ${yaml.lineOf([earlier, 'id'])}; ids must be unique, so choose another one`,
          })
        )
      }
      seen.set(name, i)
    }
    entries.push(result.data)
  })
  return ok ? entries : undefined
}

/** Rules that look at more than one field: fee tiers, the fee ordinance, captions files. */
function checkRegistryRules(
  registries: Registries,
  located: Record<string, Located>,
  source: ContentSource,
  problems: ProblemList
) {
  const fees = located.fees!
  const coverage = tierCoverageProblem(registries.fees.inspection.tiers)
  if (coverage)
    problems.error(
      fees.file,
      fees.lineOf(['inspection', 'tiers']),
      entryMessage({ field: 'inspection.tiers', problem: `do not fit together: ${coverage}` })
    )
  const ordinance = registries.fees.cardFees.ordinance
  if (!registries.documents.has(ordinance))
    problems.error(
      fees.file,
      fees.lineOf(['cardFees', 'ordinance']),
      entryMessage({
        field: 'cardFees.ordinance',
        problem: `refers to document "${ordinance}", which is not in content/data/documents.yaml.${didYouMean(ordinance, registries.documents.keys())}`,
      })
    )
  const videos = located.videos!
  const captionFiles = new Map(source.captions.map((file) => [file.path.split('/').pop()!, file]))
  ;[...registries.videos.values()].forEach((video, i) => {
    if (!video.captions) return
    const file = captionFiles.get(video.captions)
    const at = videos.lineOf([i, 'captions'])
    if (!file)
      problems.error(
        videos.file,
        at,
        entryMessage({
          entry: video.id,
          field: 'captions',
          problem: `names "${video.captions}", but there is no such file in ${source.root}/captions.${didYouMean(video.captions, captionFiles.keys())} Add the WebVTT file there`,
        })
      )
    else if (!/^\uFEFF?WEBVTT(?:[ \t]|\r?\n|$)/.test(file.text))
      problems.error(
        file.path,
        1,
        'is not a WebVTT captions file: its first line must be WEBVTT. Export the captions as WebVTT (.vtt)'
      )
  })
}

// ----------------------------------------------------------------- 3. pages

type PageFile = {
  file: string
  frontmatter: PageFrontmatter
  body: string
  /** Lines above the body in the file. */
  bodyLine: number
  lineOf: LocatedYaml['lineOf']
}

function readPages(source: ContentSource, problems: ProblemList): PageFile[] {
  const pages: PageFile[] = []
  for (const { path: file, text } of source.pages) {
    const page = problems.catch((): PageFile | undefined => {
      if (!/^\uFEFF?---\r?\n/.test(text))
        fail(
          file,
          1,
          'has no frontmatter. A page starts with a line "---", then its fields (route, title, description, section), then "---"'
        )
      // gray-matter splits the file; the frontmatter is then parsed again
      // with line positions so messages point at the line to fix.
      const split = matter(text, { engines: { yaml: () => ({}) } })
      // gray-matter keeps the newline after the opening `---`, so YAML line n is file line n.
      const yaml = parseYamlWithLines(split.matter, file, split.matter.startsWith('\n') ? 0 : 1)
      const result = pageSchema.safeParse(yaml.data ?? {})
      if (!result.success) {
        for (const { path, at, message } of describeIssues(result.error.issues, yaml.data)) {
          problems.error(
            file,
            yaml.lineOf(at) ?? 1,
            entryMessage({ field: path.length ? fieldName(path) : undefined, problem: message })
          )
        }
        return undefined
      }
      const bodyLine = text.slice(0, text.length - split.content.length).split('\n').length - 1
      return { file, frontmatter: result.data, body: split.content, bodyLine, lineOf: yaml.lineOf }
    })
    if (page) pages.push(page)
  }
  return pages
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

/** Every browser tab title ends with the site name and fits: shorten the page part if not. */
function checkTabTitles(pages: PageFile[], registries: Registries, problems: ProblemList) {
  for (const { file, frontmatter, lineOf } of pages) {
    const title = tabTitle(frontmatter, registries.site)
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
  source: ContentSource,
  problems: ProblemList
) {
  const file = source.registries.navigation!
  const yaml = parseYamlWithLines(file.text, file.path)
  const { main, footer } = registries.navigation
  const items = [
    ...main.flatMap((item, i) =>
      'items' in item
        ? item.items.map((sub, j) => ({ item: sub, path: ['main', i, 'items', j] }))
        : [{ item, path: ['main', i] }]
    ),
    ...footer.map((item, i) => ({ item, path: ['footer', i] })),
  ]
  for (const { item, path } of items) {
    if ('route' in item && !routes.has(item.route))
      problems.error(
        file.path,
        yaml.lineOf([...path, 'route']),
        `field "route" is "${item.route}", but no published page has that route.${didYouMean(item.route, routes)}`
      )
    if ('link' in item && !registries.links.has(item.link))
      problems.error(
        file.path,
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
          `field "tiles.${group}[${i}].${key}" ${message}`
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

// -------------------------------------------------------------- 5. Markdown

const VIDEO_LINE = /^@video[ \t]+([a-z0-9-]+)[ \t]*$/gm

/** Videos with no captions file, and the published pages that show each. */
function captionGaps(registries: Registries, pages: PageFile[]): CaptionGap[] {
  const shownOn = new Map<string, Pick<IndexedPage, 'route' | 'title'>[]>()
  for (const { body, frontmatter } of pages) {
    for (const [, id] of body.matchAll(VIDEO_LINE))
      shownOn.set(id!, [
        ...(shownOn.get(id!) ?? []),
        { route: frontmatter.route, title: frontmatter.title },
      ])
  }
  return [...registries.videos.values()]
    .filter((video) => !video.captions)
    .map((video) => ({
      video,
      pages: [...new Map((shownOn.get(video.id) ?? []).map((p) => [p.route, p])).values()].sort(
        (a, b) => a.route.localeCompare(b.route)
      ),
    }))
}

function renderTranscripts(
  source: ContentSource,
  registries: Registries,
  context: (file: string, lineOffset: number) => MarkdownContext,
  problems: ProblemList
): Map<string, string> {
  const file = source.registries.videos!
  const yaml = parseYamlWithLines(file.text, file.path)
  const out = new Map<string, string>()
  ;[...registries.videos.values()].forEach((video, i) => {
    if (!video.transcript) return
    const html = problems.catch(() =>
      renderText(video.transcript!, context(file.path, yaml.lineOf([i, 'transcript']) ?? 0))
    )
    if (html) out.set(video.id, html)
  })
  return out
}

/** Alert messages are rendered like page text; one that renders to nothing is refused. */
function renderAlerts(
  source: ContentSource,
  registries: Registries,
  context: (file: string, lineOffset: number) => MarkdownContext,
  problems: ProblemList
): RenderedAlert[] | undefined {
  const file = source.registries.alerts!
  const yaml = parseYamlWithLines(file.text, file.path)
  const rendered: RenderedAlert[] = []
  registries.alerts.forEach((alert, i) => {
    // A `message: |` block starts on the line after its key.
    const line = yaml.lineOf([i, 'message']) ?? 0
    const html = problems.catch(() => renderText(alert.message, context(file.path, line)))
    if (html === undefined) return
    if (html.replace(/<[^>]*>/g, '').trim() === '') {
      problems.error(
        file.path,
        line,
        entryMessage({
          entry: alert.id,
          field: 'message',
          problem: 'shows no text on the page. Write the notice in plain words',
        })
      )
      return
    }
    rendered.push({ ...alert, html })
  })
  return rendered
}

// --------------------------------------------------------------- 6. notices

function noticePagesInNoMenu(
  pages: Page[],
  files: PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const inMenus = new Set<string>()
  for (const item of [...registries.navigation.main, ...registries.navigation.footer]) {
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
        ? `is in no menu; it is linked from ${[...from].sort().join(', ')}. Add it to content/data/navigation.yaml if it should be in a menu`
        : 'is in no menu and no page links to it, so people can find it only by searching. Add it to content/data/navigation.yaml, or link to it from another page'
    )
  }
}

function noticeVideosWithoutCaptions(
  source: ContentSource,
  registries: Registries,
  problems: ProblemList
) {
  const file = source.registries.videos!
  const yaml = parseYamlWithLines(file.text, file.path)
  ;[...registries.videos.values()].forEach((video, i) => {
    if (video.captions) return
    problems.notice(
      file.path,
      yaml.lineOf([i, 'id']),
      entryMessage({
        entry: video.id,
        problem:
          'has no captions yet (field "captions"). People who cannot hear it miss what is said; the accessibility statement lists it until a captions file is added',
      })
    )
  })
}

/** Figures a registry holds, typed into a page instead of written as a token. */
function noticeTypedFigures(pages: PageFile[], registries: Registries, problems: ProblemList) {
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
    { text: site.phone.display, what: 'the phone number', token: '{{site:phone}}' },
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
