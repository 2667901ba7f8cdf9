import { withChange } from '#site-editor/content-files.ts'
import { CONTENT_PATH } from '#site-editor/config.ts'
import { pageFormat, registryFormat } from '#site-editor/formats.ts'
import { LIST_FIELD, TYPE_KEY } from '#site-editor/kinds.ts'
import type { ContentProblem } from '#lib/content/problems.ts'
import {
  MEETINGS_FOLDER,
  registryPath,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'
import { checkContent, type SiteContent } from '#lib/content/index.ts'
import { remembering } from '#lib/content/remember.ts'

// What the preview shows: the repository's content with the edited entry in
// it, through the build's content check; a registry as the pages show it.

/** Decap's preview template props, the part used here. */
export type PreviewProps = {
  entry: { get: (key: string) => unknown; getIn: (path: string[]) => unknown }
}

export type Entry = { data: Record<string, unknown>; path?: string; slug?: string }

export type PreviewTarget =
  { kind: 'page' } | { kind: 'registry'; name: RegistryName } | { kind: 'meetings' }

/** Reads an Immutable.js entry (what Decap passes) or a plain one. */
export function plain(value: unknown): unknown {
  const toJS = (value as { toJS?: () => unknown } | null)?.toJS
  return typeof toJS === 'function' ? toJS.call(value) : value
}

/** The file an entry is (or will be) saved to: a new page's is named after its route, as Decap's slug. */
function filePath(target: PreviewTarget, entry: Entry): string {
  if (target.kind === 'registry') return registryPath(CONTENT_PATH, target.name)
  if (entry.path) return entry.path
  if (target.kind === 'meetings') return `${CONTENT_PATH}/data/${MEETINGS_FOLDER}/new.yaml`
  const route = typeof entry.data.route === 'string' ? entry.data.route : ''
  const slug = route
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${CONTENT_PATH}/pages/${entry.slug || slug || 'new-page'}.md`
}

/** The registry whose format an entry has: meeting records are documents. */
const registryOf = (target: PreviewTarget) =>
  target.kind === 'registry' ? target.name : 'documents'

function fileOf(target: PreviewTarget, entry: Entry): SourceFile {
  const format = target.kind === 'page' ? pageFormat : registryFormat(registryOf(target))
  return { path: filePath(target, entry), text: format.toFile(entry.data) }
}

/** Nothing typed in it: an entry's kind (`_type`) and a switch left off do not count. */
function blank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every(blank)
  if (typeof value === 'object')
    return Object.entries(value).every(([key, inner]) => key === TYPE_KEY || blank(inner))
  return false
}

/** Without blank list entries: a new entry is checked once something is typed in it. */
function withoutBlankEntries(value: unknown): unknown {
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

const PREVIEW_ROUTE = '/editor-preview'

/** The content with the edited entry in it, and what to show. */
function previewSource(source: ContentSource, target: PreviewTarget, entry: Entry) {
  // A draft is previewed as it will look once published.
  const shown =
    target.kind === 'page' ? { ...entry, data: { ...entry.data, draft: undefined } } : entry
  const file = fileOf(target, shown)
  // A new page whose file name is taken gets the next free one, as the editor
  // will save it (fees-1.md beside fees.md), so a second page on a route shows as such.
  const base = file.path
  if (target.kind === 'page' && !entry.path)
    for (let n = 1; source.pages.some((p) => p.path === file.path); n++)
      file.path = base.replace(/\.md$/, `-${n}.md`)
  const written = (...files: SourceFile[]) =>
    withChange(
      source,
      files.map((f) => ({ ...f, raw: f.text }))
    )
  // Meeting records and documents are previewed on the pages that list them (PreviewView).
  if (target.kind !== 'registry' || target.name === 'documents') {
    const route = target.kind === 'page' ? String(entry.data.route ?? '') : ''
    return { source: written(file), route, file: file.path }
  }
  const page: SourceFile = {
    path: `${CONTENT_PATH}/pages/editor-preview.md`,
    text: `---\nroute: ${PREVIEW_ROUTE}\ntitle: Preview\ndescription: How the pages of the site show this registry file.\nsection: about\n---\n\n${registryBody(target.name, entry.data)}\n`,
  }
  return { source: written(file, page), route: PREVIEW_ROUTE, file: file.path }
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
    case 'schedule':
      return '## Next meeting\n\n@next-meeting\n\n## Meetings\n\n@meetings'
    case 'documents':
    case 'alerts':
      return ''
  }
}

export type Result =
  | { state: 'loading' }
  | { state: 'blank' }
  | {
      state: 'checked'
      content?: SiteContent
      problems: ContentProblem[]
      file: string
      route: string
      changed: string[]
    }

/** Checks the content with the entry in it; an entry that cannot be written says why. The same
 * content and entry are checked once: a Save draws the preview again, with what was checked. */
export const checkPreview = remembering(checkEntry, (result) => result, 4)

function checkEntry(source: ContentSource, target: PreviewTarget, entry: Entry): Result {
  if (target.kind === 'page' && !entry.path && blank(entry.data)) return { state: 'blank' }
  const shown = { ...entry, data: withoutBlankEntries(entry.data) as Entry['data'] }
  try {
    const { source: withEntry, route, file } = previewSource(source, target, shown)
    const saved =
      target.kind === 'registry'
        ? source.registries[target.name]
        : source.meetings.find((f) => f.path === shown.path)
    const changed = target.kind === 'page' ? [] : changedIds(saved, registryOf(target), shown)
    return { state: 'checked', ...checkContent(withEntry), file, route, changed }
  } catch (error) {
    const file = filePath(target, entry)
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

/** The ids of the entries the edit adds or changes. */
function changedIds(saved: SourceFile | undefined, name: RegistryName, entry: Entry): string[] {
  const items = (data: Record<string, unknown>) =>
    (Array.isArray(data[LIST_FIELD]) ? data[LIST_FIELD] : []) as Record<string, unknown>[]
  const before = saved ? items(registryFormat(name).fromFile(saved.text)) : []
  const kept = new Set(before.map((item) => JSON.stringify(item)))
  return items(entry.data)
    .filter((item) => !kept.has(JSON.stringify(item)))
    .map((item) => String(item.id ?? ''))
    .filter(Boolean)
}
