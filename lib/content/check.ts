import matter from 'gray-matter'
import { z } from 'zod'
import type { RenderedPage } from '#lib/content/render.ts'
import { describeIssues, didYouMean, fieldName } from '#lib/content/messages.ts'
import { entryMessage, fail, type ProblemList } from '#lib/content/problems.ts'
import { REGISTRY_SCHEMAS, type Registries } from '#lib/content/registries.ts'
import { pageSchema, type PageFrontmatter } from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'
import { parseYamlWithLines, type LocatedYaml } from '#lib/content/yaml.ts'
import { tierCoverageProblem } from '#lib/fees.ts'
import { MAX_TITLE, tabTitle } from '#lib/metadata.ts'
import { formatMoney } from '#lib/money.ts'
import { routeHref } from '#lib/routes.ts'

// The checks of the content that do not need the Markdown rendered, in this
// order (lib/content/index.ts runs them, then renders, then the notices):
//   1. every file: no invisible characters that could hide or reverse text;
//   2. the registries (content/data): YAML, each schema, unique ids, then
//      the rules across a registry (fee tiers, the fee ordinance, captions);
//   3. the pages: frontmatter, unique routes, browser tab titles;
//   4. references outside the text: menus and tiles.
// The Markdown is checked while it is rendered (render.ts). Then
//   6. notices: pages in no menu, videos without captions, figures typed
//      out where a registry holds them.
// Errors stop the build; notices are printed and publish anyway. Each
// problem names its file and line, in plain words.

/** What the checks hand to rendering: checked registries and published pages. */
export type CheckedSource = {
  registries: Registries
  /** Each registry's YAML, for the lines of later messages. */
  located: LocatedRegistries
  /** Published pages (drafts left out), in file order. */
  pages: PageFile[]
  routes: ReadonlySet<string>
}

/** Steps 1 to 4. Returns the checked source, or nothing when there are errors. */
export function checkSource(
  source: ContentSource,
  problems: ProblemList
): CheckedSource | undefined {
  // 1. Characters that hide or reverse text, in every file.
  for (const file of [...Object.values(source.registries), ...source.pages, ...source.captions])
    checkCharacters(file, problems)
  // 2. Registries.
  const read = readRegistries(source, problems)
  // 3. Pages.
  const pages = readPages(source, problems)
  if (!read || problems.errors.length) return undefined
  const { registries, located } = read
  checkTabTitles(pages, registries, problems)
  checkUniqueRoutes(pages, problems)
  const published = pages.filter((p) => !p.frontmatter.draft)
  const routes = new Set(published.map((p) => p.frontmatter.route))
  // 4. Menus and tiles.
  checkNavigation(registries, routes, located.navigation, problems)
  for (const page of published) checkTiles(page, registries, routes, problems)
  if (problems.errors.length) return undefined
  return { registries, located, pages: published, routes }
}

/** Step 6: worth a look, never stops the build. */
export function noticeContent(
  checked: CheckedSource,
  rendered: readonly RenderedPage[],
  problems: ProblemList
) {
  noticePagesInNoMenu(rendered, checked.pages, checked.registries, problems)
  noticeVideosWithoutCaptions(checked.registries, checked.located.videos, problems)
  noticeTypedFigures(checked.pages, checked.registries, problems)
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

/** A registry file's YAML, with its path: lines for messages in later steps. */
export type Located = LocatedYaml & { file: string }

export type LocatedRegistries = Record<RegistryName, Located>

function readRegistries(
  source: ContentSource,
  problems: ProblemList
): { registries: Registries; located: LocatedRegistries } | undefined {
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
  checkRegistryRules(registries, located as LocatedRegistries, source, problems)
  return { registries, located: located as LocatedRegistries }
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
  located: LocatedRegistries,
  source: ContentSource,
  problems: ProblemList
) {
  const fees = located.fees
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
  const videos = located.videos
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

export type PageFile = {
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
  yaml: Located,
  problems: ProblemList
) {
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

// --------------------------------------------------------------- 6. notices

function noticePagesInNoMenu(
  pages: readonly RenderedPage[],
  files: readonly PageFile[],
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
