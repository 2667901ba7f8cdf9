import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertBanner } from '#components/AlertBanner.tsx'
import { PageBody } from '#components/PageBody.tsx'
import { PageShell } from '#components/PageShell.tsx'
import { LIST_FIELD, pageFormat, registryFormat, TYPE_KEY } from '#site-editor/formats.ts'
import { dayInWords } from '#site-editor/day-widget.tsx'
import { activeAlerts } from '#lib/content/alerts.ts'
import type { ContentProblem } from '#lib/content/problems.ts'
import {
  MEETINGS_FOLDER,
  REGISTRY_NAMES,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'
import { checkContent, type Page, type SiteContent } from '#lib/content/index.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { loadFormFrames } from '#lib/browser-scripts/form-frames.ts'
import { showVideoControls } from '#lib/browser-scripts/video-controls.ts'
import { startVideoPosters } from '#lib/browser-scripts/video-posters.ts'
import type { PageFrame } from '#lib/page-frame.ts'

// The editor's preview: the entry being edited, with the rest of the content
// as it is in the repository, goes through the same content check as the
// build (checkContent), and the result is drawn with the site's own
// components and CSS. A page shows as the page; a registry shows as the
// pages show it (fee tables, document lists, videos...). A mistake shows as
// the check's own message, in plain words, instead of a broken preview.
// Its own few elements use only classes the site's stylesheet already has:
// the site's CSS is made without looking at this folder (app/globals.css).

/** What the editor gives a preview (Decap's preview template props, the part used here). */
export type PreviewProps = {
  entry: { get: (key: string) => unknown; getIn: (path: string[]) => unknown }
  getCollection: (collection: string, slug?: string) => Promise<unknown>
}

type Entry = { data: Record<string, unknown>; path?: string; slug?: string }

/** Reads an Immutable.js entry (what Decap passes) or a plain one. */
function plain(value: unknown): unknown {
  const toJS = (value as { toJS?: () => unknown } | null)?.toJS
  return typeof toJS === 'function' ? toJS.call(value) : value
}

/** Decap's getCollection gives an array (or a List) of Immutable maps. */
function entriesOf(list: unknown): Entry[] {
  const entries = plain(list)
  return Array.isArray(entries) ? entries.map((entry) => plain(entry) as Entry) : []
}

// ----------------------------------------------------------- the content

/** The repository's content as text, read through the editor's backend. */
export async function loadSource(
  getCollection: PreviewProps['getCollection']
): Promise<ContentSource> {
  const read = async (name: string) => {
    try {
      return entriesOf(await getCollection(name))
    } catch {
      return []
    }
  }
  const registries: ContentSource['registries'] = {}
  await Promise.all(
    REGISTRY_NAMES.map(async (name) => {
      const [entry] = await read(name)
      if (entry) registries[name] = registryFile(name, entry.data)
    })
  )
  const pages = (await read('pages')).map((entry) => pageFile(entry))
  const captions = (await read('captions')).map((entry) => ({
    path: entry.path ?? '',
    text: String(entry.data.body ?? ''),
  }))
  const meetings = (await read(MEETINGS_FOLDER)).map(meetingsFile)
  return {
    root: 'content',
    registries,
    pages: pages.sort(byPath),
    captions,
    meetings: meetings.sort(byPath),
    refused: [],
  }
}

const byPath = (a: SourceFile, b: SourceFile) => a.path.localeCompare(b.path)

/** A year's file of meeting records: documents, written as documents.yaml is. */
function meetingsFile(entry: Entry): SourceFile {
  return {
    path: entry.path ?? `content/data/${MEETINGS_FOLDER}/new.yaml`,
    text: registryFormat('documents').toFile(entry.data),
  }
}

function registryFile(name: RegistryName, data: Record<string, unknown>): SourceFile {
  return { path: `content/data/${name}.yaml`, text: registryFormat(name).toFile(data) }
}

/**
 * The file a page is (or will be) saved to. A new page has no path yet:
 * the editor names its file after its route (pages' slug is the route), so
 * messages name the file it will go to.
 */
export function pageFilePath(entry: Entry): string {
  if (entry.path) return entry.path
  const route = typeof entry.data.route === 'string' ? entry.data.route : ''
  const slug = route
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `content/pages/${entry.slug || slug || 'new-page'}.md`
}

function pageFile(entry: Entry): SourceFile {
  return { path: pageFilePath(entry), text: pageFormat.toFile(entry.data) }
}

/**
 * Is a value empty: nothing typed in it? An entry's kind (`_type`) and a
 * switch left off (the editor's default) do not count.
 */
function blank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every(blank)
  if (typeof value === 'object')
    return Object.entries(value).every(([key, inner]) => key === TYPE_KEY || blank(inner))
  return false
}

/**
 * The entry without list entries that are still blank: a new entry is
 * checked once something is typed in it, not the moment it is added.
 * (Publishing one still fails, with the check's words.)
 */
export function withoutBlankEntries(value: unknown): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => !(item && typeof item === 'object' && blank(item)))
      .map(withoutBlankEntries)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutBlankEntries(inner)])
    )
  return value
}

// ---------------------------------------------------- what is previewed

export type PreviewTarget =
  | { kind: 'page' }
  | { kind: 'registry'; name: RegistryName }
  /** A year's file of meeting records (content/data/meetings/<year>.yaml). */
  | { kind: 'meetings' }

/** Where the registry previews are drawn: a page of the preview's own, never published. */
export const PREVIEW_ROUTE = '/editor-preview'

/** The content with the edited entry in it, and what to show. */
export function previewSource(
  source: ContentSource,
  target: PreviewTarget,
  entry: Entry
): { source: ContentSource; route: string; file: string } {
  if (target.kind === 'page') {
    // A draft is previewed as it will look once published. A new page whose
    // file name is taken gets the next free one, as the editor will save it
    // (fees-1.md beside fees.md), so a second page on a route shows as such.
    const base = pageFilePath(entry)
    let path = base
    if (!entry.path)
      for (let n = 1; source.pages.some((p) => p.path === path); n++)
        path = base.replace(/\.md$/, `-${n}.md`)
    const file = { ...pageFile({ ...entry, data: { ...entry.data, draft: undefined } }), path }
    const pages = [...source.pages.filter((p) => p.path !== file.path), file].sort(byPath)
    return { source: { ...source, pages }, route: String(entry.data.route ?? ''), file: file.path }
  }
  if (target.kind === 'meetings') {
    // Meeting records are documents: shown on the pages that list them.
    const file = meetingsFile(entry)
    const meetings = [...source.meetings.filter((f) => f.path !== file.path), file].sort(byPath)
    return { source: { ...source, meetings }, route: '', file: file.path }
  }
  const file = registryFile(target.name, entry.data)
  const registries = { ...source.registries, [target.name]: file }
  // Documents are previewed on the pages that list them (PreviewView).
  if (target.name === 'documents')
    return { source: { ...source, registries }, route: '', file: file.path }
  const page: SourceFile = {
    path: 'content/pages/editor-preview.md',
    text: `---\nroute: ${PREVIEW_ROUTE}\ntitle: Preview\ndescription: How the pages of the site show this registry file.\nsection: about\n---\n\n${registryBody(target.name, entry.data)}\n`,
  }
  return {
    source: { ...source, registries, pages: [...source.pages, page].sort(byPath) },
    route: PREVIEW_ROUTE,
    file: file.path,
  }
}

/** The Markdown that shows a registry as the pages do: its own `@` lines and tokens. */
function registryBody(name: RegistryName, data: Record<string, unknown>): string {
  const items = (Array.isArray(data.items) ? data.items : []) as Record<string, unknown>[]
  const ids = items.map((item) => String(item.id ?? '')).filter(Boolean)
  switch (name) {
    case 'fees': {
      const fees = data as {
        inspection?: { tiers?: { id?: string }[] }
        cardFees?: { methods?: { id?: string }[] }
      }
      const tiers = (fees.inspection?.tiers ?? []).map(
        (t) => `- \`{{fee:${t.id}}}\` is {{fee:${t.id}}}, for {{tier:${t.id}}}`
      )
      const methods = (fees.cardFees?.methods ?? []).map(
        (m) => `- \`{{card-fee:${m.id}}}\` is {{card-fee:${m.id}}}`
      )
      return [
        '## Inspection fees',
        '@fees inspection',
        '## Card payment fees',
        '@fees card',
        '## Fees in the text of pages',
        [...tiers, ...methods].join('\n'),
      ].join('\n\n')
    }
    case 'documents':
      return ''
    case 'videos':
      return ids.map((id) => `@video ${id}`).join('\n\n')
    case 'forms':
      return ids.map((id) => `@form ${id}`).join('\n\n')
    case 'links':
      return ids.length ? `@links ${ids.join(' ')}` : ''
    case 'facts':
      return ids.map((id) => `- \`{{fact:${id}}}\` shows as: {{fact:${id}}}`).join('\n')
    case 'holidays':
      return items.map((h) => `- ${String(h.date)}: ${String(h.name)}`).join('\n')
    case 'site':
      return '@contact'
    case 'navigation': {
      // The menu closes on a narrow preview; this lists it in full, each link checked.
      type Item = { label?: string; route?: string; link?: string; items?: Item[] }
      const line = (item: Item, indent = ''): string =>
        item.items
          ? [`${indent}- ${item.label}`, ...item.items.map((i) => line(i, `${indent}  `))].join(
              '\n'
            )
          : `${indent}- [${item.label}](${item.route ?? `link:${item.link}`})`
      const list = (items: unknown) => ((items ?? []) as Item[]).map((i) => line(i)).join('\n')
      return `## Main menu\n\n${list(data.main)}\n\n## Footer\n\n${list(data.footer)}`
    }
    case 'alerts':
      return ''
  }
}

// ------------------------------------------------------------ rendering

type Result =
  | { state: 'loading' }
  | { state: 'blank' }
  | {
      state: 'checked'
      content?: SiteContent
      problems: ContentProblem[]
      file: string
      route: string
      /** Registry entries the edit adds or changes, by id. */
      changed: string[]
    }

/** The checked content with the entry in it, checked again a moment after each change. */
export function usePreviewContent(target: PreviewTarget, props: PreviewProps): Result {
  const entry = useMemo<Entry>(
    () => ({
      data: (plain(props.entry.get('data')) ?? {}) as Record<string, unknown>,
      path: (props.entry.get('path') as string | undefined) ?? undefined,
      slug: (props.entry.get('slug') as string | undefined) ?? undefined,
    }),
    [props.entry]
  )
  const [source, setSource] = useState<ContentSource>()
  const [result, setResult] = useState<Result>({ state: 'loading' })
  const { getCollection } = props
  useEffect(() => {
    let live = true
    // Read once each time an entry is opened, so the preview sees the latest saves.
    loadSource(getCollection).then((loaded) => live && setSource(loaded))
    return () => {
      live = false
    }
  }, [getCollection])
  useEffect(() => {
    if (!source) return
    const timer = setTimeout(() => setResult(checkPreview(source, target, entry)), 250)
    return () => clearTimeout(timer)
  }, [source, entry, target])
  return result
}

/** Checks the content with the entry in it; an entry that cannot be written says why. */
export function checkPreview(source: ContentSource, target: PreviewTarget, entry: Entry): Result {
  // A new page with nothing typed in it yet: nothing to check (or blame) yet.
  if (target.kind === 'page' && !entry.path && blank(entry.data)) return { state: 'blank' }
  const shown = { ...entry, data: withoutBlankEntries(entry.data) as Entry['data'] }
  try {
    const preview = previewSource(source, target, shown)
    const { content, problems } = checkContent(preview.source)
    return {
      state: 'checked',
      content,
      problems,
      file: preview.file,
      route: preview.route,
      changed:
        target.kind === 'registry'
          ? changedIds(source.registries[target.name], target.name, shown)
          : target.kind === 'meetings'
            ? changedIds(
                source.meetings.find((f) => f.path === shown.path),
                'documents',
                shown
              )
            : [],
    }
  } catch (error) {
    const file =
      target.kind === 'page'
        ? pageFilePath(entry)
        : target.kind === 'meetings'
          ? meetingsFile(entry).path
          : `content/data/${target.name}.yaml`
    const message = error instanceof Error ? error.message : String(error)
    return {
      state: 'checked',
      problems: [{ severity: 'error', file, message }],
      file,
      route: '',
      changed: [],
    }
  }
}

/** The ids of a registry's entries that the edit adds or changes, against the saved file. */
export function changedIds(
  saved: SourceFile | undefined,
  name: RegistryName,
  entry: Entry
): string[] {
  const items = (data: Record<string, unknown>) =>
    (Array.isArray(data[LIST_FIELD]) ? data[LIST_FIELD] : []) as Record<string, unknown>[]
  const before = new Map(
    (saved ? items(registryFormat(name).fromFile(saved.text)) : []).map((item) => [
      String(item.id),
      JSON.stringify(item),
    ])
  )
  return items(entry.data)
    .filter((item) => before.get(String(item.id)) !== JSON.stringify(item))
    .map((item) => String(item.id ?? ''))
    .filter(Boolean)
}

/** A preview template for the editor (Decap's registerPreviewTemplate). */
export function createPreview(target: PreviewTarget, title: string) {
  function Preview(props: PreviewProps) {
    const result = usePreviewContent(target, props)
    return <PreviewView result={result} target={target} title={title} />
  }
  Preview.displayName = `Preview(${target.kind === 'registry' ? target.name : target.kind})`
  return Preview
}

export function PreviewView({
  result,
  target,
  title,
}: {
  result: Result
  target: PreviewTarget
  title: string
}) {
  if (result.state === 'loading')
    return <p className="p-4">Loading the rest of the site for the preview…</p>
  if (result.state === 'blank')
    return (
      <p className="p-4">
        Fill in the fields on the left. The page shows here as visitors will see it, and the
        site&rsquo;s check says here what, if anything, stops it from being published.
      </p>
    )
  const { content, problems, file, route, changed } = result
  const errors = problems.filter((p) => p.severity === 'error')
  if (!content) return <Problems errors={errors} />
  const page = content.byRoute.get(route)
  const notices = problems.filter((p) => p.severity === 'notice' && p.file === file)
  const frame: PageFrame = {
    route: target.kind === 'page' ? route : null,
    site: content.registries.site,
    navigation: resolveNavigation(content.registries),
    alerts: activeAlerts(content.alerts, todayInNewJersey()),
    searchable: false,
    scripts: [],
    // No policy here: the preview is part of the editor, which has its own.
    policy: '',
  }
  return (
    <FrameDocument title={target.kind === 'page' ? (page?.title ?? title) : title}>
      <Notices notices={notices} subject={target.kind === 'page' ? 'This page' : undefined} />
      <PageShell {...frame} title={target.kind === 'page' ? (page?.title ?? '') : title}>
        {target.kind === 'registry' && target.name === 'alerts' ? (
          <AllAlerts content={content} />
        ) : target.kind === 'meetings' ||
          (target.kind === 'registry' && target.name === 'documents') ? (
          <PagesListing content={content} ids={changed} />
        ) : page ? (
          <>
            <PageBody page={page as Page} />
            <StartPageScripts />
          </>
        ) : (
          <p>This page has no route yet.</p>
        )}
      </PageShell>
    </FrameDocument>
  )
}

/**
 * The preview's own page: in English, titled, and with room at the top for
 * the editor's two round buttons, which sit over the preview's corner (they
 * would cover the site's Menu button).
 */
function FrameDocument({ title, children }: { title: string; children: ReactNode }) {
  const marker = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const document = marker.current?.ownerDocument
    if (!document) return
    document.documentElement.lang = 'en'
    document.title = `Preview: ${title}`
  }, [title])
  return (
    <div ref={marker} style={{ paddingTop: '3.5rem' }}>
      {children}
    </div>
  )
}

/**
 * Gives the page's form frames their address and its video players their
 * controls, and makes video posters play, as the shared browser script does
 * on the site.
 */
function StartPageScripts() {
  const marker = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const document = marker.current!.ownerDocument
    loadFormFrames(document, document.defaultView!, { firstPaint: false })
    showVideoControls(document, document.defaultView!, { firstPaint: false })
    startVideoPosters(document)
  })
  return <span ref={marker} hidden />
}

/**
 * The pages that list the documents being added or changed, each as
 * visitors will see it: a budget shows on the budget page, as it will.
 */
function PagesListing({ content, ids }: { content: SiteContent; ids: string[] }) {
  if (ids.length === 0)
    return (
      <p>
        Add a document, or change one, and the page that lists it shows here as visitors will see
        it.
      </p>
    )
  const lists = (page: Page) =>
    page.blocks.some(
      (b) =>
        (b.kind === 'documents' || b.kind === 'document') &&
        b.documents.some((doc) => ids.includes(doc.id))
    )
  const pages = content.pages.filter(lists)
  if (pages.length === 0)
    return (
      <p>
        No page lists {ids.length === 1 ? `the document "${ids[0]}"` : 'these documents'} yet. A
        page lists documents with an @documents line for their kind, or @document with the id.
      </p>
    )
  return (
    <>
      {pages.map((page) => (
        <section key={page.route} className="mb-10">
          <h2 className="text-2xl font-bold">
            On the page {page.title} ({page.route})
          </h2>
          <PageBody page={page} />
        </section>
      ))}
      <StartPageScripts />
    </>
  )
}

/** Every alert, with its dates, whether it shows today or not. */
function AllAlerts({ content }: { content: SiteContent }) {
  if (content.alerts.length === 0) return <p>There are no alerts.</p>
  return (
    <div>
      {content.alerts.map((alert) => (
        <div key={alert.id} className="mb-6">
          <p className="font-semibold">
            {/* Four-digit years: a mistyped year is plain to see here. */}
            Shown from {dayInWords(alert.start)} to {dayInWords(alert.end)}:
          </p>
          <AlertBanner alerts={[alert]} />
        </div>
      ))}
    </div>
  )
}

function Box({ tone, children }: { tone: 'error' | 'notice'; children: ReactNode }) {
  return (
    <div className="p-4">
      <section
        className={
          tone === 'error'
            ? 'max-w-prose border-l-8 border-brand bg-brand-light px-4 py-3'
            : 'max-w-prose border-l-8 border-link bg-panel px-4 py-3'
        }
        role={tone === 'error' ? 'alert' : 'status'}
      >
        {children}
      </section>
    </div>
  )
}

function where(problem: ContentProblem): string {
  return problem.line ? `${problem.file}, line ${problem.line}` : problem.file
}

function Problems({ errors }: { errors: ContentProblem[] }) {
  return (
    <Box tone="error">
      <h2 className="text-lg font-bold">The site cannot be built with this change yet</h2>
      <p>Fix this and the preview comes back:</p>
      <ul className="mt-2 list-disc pl-6">
        {errors.map((problem, i) => (
          <li key={i}>
            <span className="font-semibold">{where(problem)}:</span> {problem.message}
          </li>
        ))}
      </ul>
    </Box>
  )
}

/**
 * The notices of the file being edited. A page's are about the page ("is
 * in no menu"), which the check names by its file: here it is "This page".
 */
function Notices({ notices, subject }: { notices: ContentProblem[]; subject?: string }) {
  if (notices.length === 0) return null
  return (
    <Box tone="notice">
      <h2 className="text-lg font-bold">Worth a look (this does not stop the build)</h2>
      <ul className="mt-2 list-disc pl-6">
        {notices.map((problem, i) => (
          <li key={i}>{subject ? `${subject} ${problem.message}` : problem.message}</li>
        ))}
      </ul>
    </Box>
  )
}
