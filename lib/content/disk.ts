import { lstatSync, readdirSync, readFileSync, type Stats } from 'node:fs'
import { join, relative } from 'node:path'
import { buildDay } from '#lib/content/alerts.ts'
import { contentOrThrow, type SiteContent } from '#lib/content/index.ts'
import { CAPTIONS_FILE, MEETINGS_FILE, MEETINGS_FOLDER, PAGE_FILE } from '#lib/content/source.ts'
import { REGISTRY_NAMES, type RegistryName } from '#lib/content/registries.ts'
import type { ContentSource, RefusedFile, SourceFile } from '#lib/content/source.ts'

// Reads content/ as text. A content pull request is untrusted input: only files of the kinds the
// site knows are read, anything else is refused with the reason, and symlinks are never followed.

/** The tests and the scale benchmark point CONTENT_DIR at other folders. */
export const CONTENT_DIR = process.env.CONTENT_DIR ?? join(process.cwd(), 'content')

const LINK =
  'is a link to another file or folder (a symlink). The site never follows links in content/: put the file itself here'
const SYSTEM_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini'])
const SYSTEM_FILE =
  'is a file your computer made for itself (Finder or Windows Explorer). The site never reads or publishes it: delete it, and leave it out of pull requests'
const KEEP_NOT_EMPTY =
  'should be empty: a .gitkeep file only keeps an empty folder in git, and the site never reads it. Empty it, or delete it'
/** No content file needs more; a larger one would only slow every check. */
const MAX_FILE_BYTES = 1_000_000

type Entry = { name: string; path: string; stat: Stats }
type Kind = 'pages' | 'captions' | 'meetings'

function refusal({ name, stat }: Entry, kind: Kind): string | undefined {
  if (stat.isSymbolicLink()) return LINK
  if (stat.isDirectory())
    return kind === 'meetings'
      ? 'is a folder; content/data/meetings holds one file per year (2026.yaml). Move what is inside it up one level, or delete it'
      : `is a folder; content/${kind} holds files only. Move what is inside it up one level, or delete it`
  if (!stat.isFile()) return 'is not a plain file'
  if (kind === 'meetings')
    return MEETINGS_FILE.test(name)
      ? undefined
      : "is not a year's file of meeting records: name it with the year, such as 2026.yaml"
  const [pattern, ending, example, what] =
    kind === 'pages'
      ? [PAGE_FILE, '.md', 'fire-safety-tips.md', 'a page file: pages are Markdown']
      : [CAPTIONS_FILE, '.vtt', 'fire-is-fast.vtt', 'a captions file: captions are WebVTT']
  if (pattern.test(name)) return undefined
  if (name.startsWith('.'))
    return `starts with a dot, so it would be hidden. Name it with lower-case words joined by hyphens, ending in ${ending}`
  if (name.toLowerCase().endsWith(ending))
    return `has a name the site cannot use. Name it with lower-case letters, digits and hyphens only, ending in ${ending} (for example ${example})`
  return `is not ${what} files ending in ${ending}. Move it out of content/${kind}`
}

/** Reads every content file as text; nothing is checked here but what each file is. */
export function readContentSource(contentDir: string = CONTENT_DIR): ContentSource {
  const refused: RefusedFile[] = []
  const ignored: RefusedFile[] = []
  // Paths as staff see them: relative to the project.
  const shown = (path: string) => {
    const rel = relative(process.cwd(), path)
    return rel.startsWith('..') ? path : rel
  }
  const refuse = (path: string, message: string) => refused.push({ path: shown(path), message })

  const entriesOf = (dir: string): Entry[] => {
    let stat: Stats
    try {
      stat = lstatSync(dir)
    } catch {
      return []
    }
    if (!stat.isDirectory()) {
      refuse(dir, stat.isSymbolicLink() ? LINK : 'should be a folder, but it is a file')
      return []
    }
    return readdirSync(dir)
      .sort()
      .map((name) => ({ name, path: join(dir, name), stat: lstatSync(join(dir, name)) }))
      .filter(({ name, path, stat }) => {
        if (!stat.isFile()) return true
        if (SYSTEM_FILES.has(name)) ignored.push({ path: shown(path), message: SYSTEM_FILE })
        else if (name !== '.gitkeep') return true
        else if (stat.size > 0) refuse(path, KEEP_NOT_EMPTY)
        return false
      })
  }

  const readText = ({ path, stat }: Entry): SourceFile[] => {
    let why = `is ${(stat.size / 1e6).toFixed(1)} MB; a content file may be at most ${MAX_FILE_BYTES / 1e6} MB. Split it, or link to a large document instead of copying it in`
    if (stat.size <= MAX_FILE_BYTES)
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path))
        return [{ path: shown(path), text: text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n') }]
      } catch {
        why =
          'is not saved as UTF-8 text, so some letters would come out wrong. Save it again as UTF-8 (in most editors: Save As, then Encoding: UTF-8)'
      }
    refuse(path, why)
    return []
  }

  const readFolder = (dir: string, kind: Kind) =>
    entriesOf(dir).flatMap((entry) => {
      const why = refusal(entry, kind)
      if (!why) return readText(entry)
      refuse(entry.path, why)
      return []
    })

  for (const { name, path, stat } of entriesOf(contentDir)) {
    // The three folders are read (and refused if they are links) below.
    if (['pages', 'data', 'captions'].includes(name)) continue
    if (stat.isSymbolicLink()) refuse(path, LINK)
    else if (name !== 'README.md')
      refuse(
        path,
        'is not something the site uses. content/ holds pages/, data/, captions/ and the guide README.md: move it into one of those folders, or delete it'
      )
    else if (!stat.isFile())
      refuse(
        path,
        'should be the staff guide, a Markdown file, but it is not a file. Put the guide back as content/README.md'
      )
  }
  const pages = readFolder(join(contentDir, 'pages'), 'pages')
  const registries: Partial<Record<RegistryName, SourceFile>> = {}
  const known = REGISTRY_NAMES.map((name) => `${name}.yaml`)
  for (const entry of entriesOf(join(contentDir, 'data'))) {
    const { name, path, stat } = entry
    if (known.includes(name) && stat.isFile()) {
      const [file] = readText(entry)
      if (file) registries[name.replace(/\.yaml$/, '') as RegistryName] = file
    } else if (stat.isSymbolicLink()) refuse(path, LINK)
    else if (name !== MEETINGS_FOLDER || !stat.isDirectory())
      refuse(
        path,
        `is not one of the site's registry files (${known.join(', ')}). The site would never read it: move it out of content/data, or put what it holds in one of those files`
      )
  }
  return {
    root: shown(contentDir),
    pages,
    registries,
    captions: readFolder(join(contentDir, 'captions'), 'captions'),
    meetings: readFolder(join(contentDir, 'data', MEETINGS_FOLDER), 'meetings'),
    refused,
    ignored,
  }
}

let cached: SiteContent | undefined

/** The site's content, checked once per build process (routes pass components what they need). */
export function siteContent(): SiteContent {
  return (cached ??= contentOrThrow(readContentSource(CONTENT_DIR), buildDay()))
}
