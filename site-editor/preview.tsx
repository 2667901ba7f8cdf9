import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertBanner } from '#components/AlertBanner.tsx'
import { PageBody } from '#components/PageBody.tsx'
import { PageShell } from '#components/PageShell.tsx'
import { pageFormat, registryFormat } from '#site-editor/formats.ts'
import { activeAlerts } from '#lib/content/alerts.ts'
import type { ContentProblem } from '#lib/content/problems.ts'
import { documentKinds } from '#lib/content/schemas.ts'
import {
  REGISTRY_NAMES,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'
import { checkContent, type Page, type SiteContent } from '#lib/content/index.ts'
import { formatDate, todayInNewJersey } from '#lib/dates.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { loadFormFrames } from '#lib/browser-scripts/form-frames.ts'
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
  return { root: 'content', registries, pages: pages.sort(byPath), captions, refused: [] }
}

const byPath = (a: SourceFile, b: SourceFile) => a.path.localeCompare(b.path)

function registryFile(name: RegistryName, data: Record<string, unknown>): SourceFile {
  return { path: `content/data/${name}.yaml`, text: registryFormat(name).toFile(data) }
}

function pageFile(entry: Entry): SourceFile {
  const name = entry.path ?? `content/pages/${entry.slug || 'new-page'}.md`
  return { path: name, text: pageFormat.toFile(entry.data) }
}

// ---------------------------------------------------- what is previewed

export type PreviewTarget = { kind: 'page' } | { kind: 'registry'; name: RegistryName }

/** Where the registry previews are drawn: a page of the preview's own, never published. */
export const PREVIEW_ROUTE = '/editor-preview'

/** The content with the edited entry in it, and what to show. */
export function previewSource(
  source: ContentSource,
  target: PreviewTarget,
  entry: Entry
): { source: ContentSource; route: string; file: string } {
  if (target.kind === 'page') {
    // A draft is previewed as it will look once published.
    const file = pageFile({ ...entry, data: { ...entry.data, draft: undefined } })
    const pages = [...source.pages.filter((p) => p.path !== file.path), file].sort(byPath)
    return { source: { ...source, pages }, route: String(entry.data.route ?? ''), file: file.path }
  }
  const file = registryFile(target.name, entry.data)
  const registries = { ...source.registries, [target.name]: file }
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
    case 'documents': {
      const kinds = documentKinds.filter((kind) => items.some((item) => item.kind === kind))
      return kinds.map((kind) => `## Kind: ${kind}\n\n@documents ${kind}`).join('\n\n')
    }
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
  | {
      state: 'checked'
      content?: SiteContent
      problems: ContentProblem[]
      file: string
      route: string
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
  try {
    const preview = previewSource(source, target, entry)
    const { content, problems } = checkContent(preview.source)
    return { state: 'checked', content, problems, file: preview.file, route: preview.route }
  } catch (error) {
    const file =
      target.kind === 'page' ? (entry.path ?? 'content/pages') : `content/data/${target.name}.yaml`
    const message = error instanceof Error ? error.message : String(error)
    return { state: 'checked', problems: [{ severity: 'error', file, message }], file, route: '' }
  }
}

/** A preview template for the editor (Decap's registerPreviewTemplate). */
export function createPreview(target: PreviewTarget, title: string) {
  function Preview(props: PreviewProps) {
    const result = usePreviewContent(target, props)
    return <PreviewView result={result} target={target} title={title} />
  }
  Preview.displayName = `Preview(${target.kind === 'page' ? 'page' : target.name})`
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
  const { content, problems, file, route } = result
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
    <>
      <Notices notices={notices} />
      <PageShell {...frame} title={target.kind === 'page' ? (page?.title ?? '') : title}>
        {target.kind === 'registry' && target.name === 'alerts' ? (
          <AllAlerts content={content} />
        ) : page ? (
          <>
            <PageBody page={page as Page} />
            <LoadFormFrames />
          </>
        ) : (
          <p>This page has no route yet.</p>
        )}
      </PageShell>
    </>
  )
}

/** Gives the page's form frames their address, as the shared browser script does on the site. */
function LoadFormFrames() {
  const marker = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const document = marker.current!.ownerDocument
    loadFormFrames(document, document.defaultView!)
  })
  return <span ref={marker} hidden />
}

/** Every alert, with its dates, whether it shows today or not. */
function AllAlerts({ content }: { content: SiteContent }) {
  if (content.alerts.length === 0) return <p>There are no alerts.</p>
  return (
    <div>
      {content.alerts.map((alert) => (
        <div key={alert.id} className="mb-6">
          <p className="font-semibold">
            Shown from {formatDate(alert.start)} to {formatDate(alert.end)}:
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

function Notices({ notices }: { notices: ContentProblem[] }) {
  if (notices.length === 0) return null
  return (
    <Box tone="notice">
      <h2 className="text-lg font-bold">Worth a look (this does not stop the build)</h2>
      <ul className="mt-2 list-disc pl-6">
        {notices.map((problem, i) => (
          <li key={i}>{problem.message}</li>
        ))}
      </ul>
    </Box>
  )
}
