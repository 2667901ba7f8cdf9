import { lstatSync, readdirSync, readFileSync, type Stats } from 'node:fs'
import { join, relative } from 'node:path'
import { contentOrThrow, type SiteContent } from '#lib/content/index.ts'
import {
  CAPTIONS_FILE,
  PAGE_FILE,
  MEETINGS_FILE,
  MEETINGS_FOLDER,
  REGISTRY_NAMES,
  type ContentSource,
  type RefusedFile,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'

// Reading content/ from disk. Only files of the kinds the site knows are
// read, and each is read as UTF-8 text; anything else in the folder is
// listed as refused, with the reason, and the content check reports it as
// an error (a content pull request is untrusted input: nothing it adds may
// reach the site unless it is checked). Links (symlinks) are never followed.

/**
 * Where staff edit content: pages in content/pages, registries in
 * content/data, captions in content/captions. CONTENT_DIR may point
 * elsewhere (the tests and the scale benchmark use other folders).
 */
export const CONTENT_DIR = process.env.CONTENT_DIR ?? join(process.cwd(), 'content')

/** Paths in messages are relative to the project, as staff see them in the editor. */
function displayPath(file: string): string {
  const rel = relative(process.cwd(), file)
  return rel.startsWith('..') ? file : rel
}

/**
 * Files computers leave behind (Finder, Explorer): never read, never
 * published, and named as notices, not errors, because a computer makes
 * them in a working copy by itself.
 */
const SYSTEM_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini'])
const SYSTEM_FILE =
  'is a file your computer made for itself (Finder or Windows Explorer). The site never reads or publishes it: delete it, and leave it out of pull requests'
/** An empty file that keeps an empty folder in git. */
const KEEP_FILE = '.gitkeep'
const KEEP_NOT_EMPTY =
  'should be empty: a .gitkeep file only keeps an empty folder in git, and the site never reads it. Empty it, or delete it'

/** What a read of content/ found besides the files it reads. */
type Found = { refused: RefusedFile[]; ignored: RefusedFile[] }

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** No content file needs more; a larger one would only slow every check. */
const MAX_FILE_BYTES = 1_000_000

type Entry = { name: string; path: string; stat: Stats }

/**
 * Reads one content folder: its entries, or a refusal when it is a link or
 * not a folder. Files computers make for themselves and empty .gitkeep
 * files are left out (the first named in `ignored`).
 */
function entriesOf(dir: string, { refused, ignored }: Found): Entry[] | undefined {
  let stat: Stats
  try {
    stat = lstatSync(dir)
  } catch {
    return undefined
  }
  if (stat.isSymbolicLink()) {
    refused.push({ path: displayPath(dir), message: LINK })
    return undefined
  }
  if (!stat.isDirectory()) {
    refused.push({ path: displayPath(dir), message: 'should be a folder, but it is a file' })
    return undefined
  }
  const entries: Entry[] = []
  for (const name of readdirSync(dir).sort()) {
    const entry = { name, path: join(dir, name), stat: lstatSync(join(dir, name)) }
    const file = entry.stat.isFile()
    if (file && SYSTEM_FILES.has(name))
      ignored.push({ path: displayPath(entry.path), message: SYSTEM_FILE })
    else if (file && name === KEEP_FILE) {
      if (entry.stat.size > 0)
        refused.push({ path: displayPath(entry.path), message: KEEP_NOT_EMPTY })
    } else entries.push(entry)
  }
  return entries
}

const LINK =
  'is a link to another file or folder (a symlink). The site never follows links in content/: put the file itself here'

/** A file as text: UTF-8, line ends made LF, a byte-order mark dropped. */
function readText(entry: Entry, refused: RefusedFile[]): SourceFile | undefined {
  const path = displayPath(entry.path)
  if (entry.stat.size > MAX_FILE_BYTES) {
    refused.push({
      path,
      message: `is ${(entry.stat.size / 1e6).toFixed(1)} MB; a content file may be at most ${MAX_FILE_BYTES / 1e6} MB. Split it, or link to a large document instead of copying it in`,
    })
    return undefined
  }
  let text: string
  try {
    text = utf8.decode(readFileSync(entry.path))
  } catch {
    refused.push({
      path,
      message:
        'is not saved as UTF-8 text, so some letters would come out wrong. Save it again as UTF-8 (in most editors: Save As, then Encoding: UTF-8)',
    })
    return undefined
  }
  return { path, text: text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n') }
}

/** Why an entry of a content folder cannot be used, or undefined when it can. */
function refusal(entry: Entry, kind: FolderKind): string | undefined {
  if (entry.stat.isSymbolicLink()) return LINK
  if (kind === 'meetings') {
    if (entry.stat.isDirectory())
      return 'is a folder; content/data/meetings holds one file per year (2026.yaml). Move what is inside it up one level, or delete it'
    if (!entry.stat.isFile()) return 'is not a plain file'
    return MEETINGS_FILE.test(entry.name)
      ? undefined
      : "is not a year's file of meeting records: name it with the year, such as 2026.yaml"
  }
  if (entry.stat.isDirectory())
    return `is a folder; content/${kind === 'page' ? 'pages' : 'captions'} holds files only. Move what is inside it up one level, or delete it`
  if (!entry.stat.isFile()) return 'is not a plain file'
  const pattern = kind === 'page' ? PAGE_FILE : CAPTIONS_FILE
  if (pattern.test(entry.name)) return undefined
  const ending = kind === 'page' ? '.md' : '.vtt'
  if (entry.name.startsWith('.'))
    return `starts with a dot, so it would be hidden. Name it with lower-case words joined by hyphens, ending in ${ending}`
  if (entry.name.toLowerCase().endsWith(ending))
    return `has a name the site cannot use. Name it with lower-case letters, digits and hyphens only, ending in ${ending} (for example ${kind === 'page' ? 'fire-safety-tips.md' : 'fire-is-fast.vtt'})`
  return kind === 'page'
    ? 'is not a page file: pages are Markdown files ending in .md. Move it out of content/pages'
    : 'is not a captions file: captions are WebVTT files ending in .vtt. Move it out of content/captions'
}

type FolderKind = 'page' | 'captions' | 'meetings'

function readFolder(dir: string, kind: FolderKind, found: Found): SourceFile[] {
  const { refused } = found
  const files: SourceFile[] = []
  for (const entry of entriesOf(dir, found) ?? []) {
    const why = refusal(entry, kind)
    if (why) refused.push({ path: displayPath(entry.path), message: why })
    else {
      const file = readText(entry, refused)
      if (file) files.push(file)
    }
  }
  return files
}

/** The registry files in content/data, and anything else there, refused. */
function readRegistryFiles(dir: string, found: Found): Partial<Record<RegistryName, SourceFile>> {
  const { refused } = found
  const registries: Partial<Record<RegistryName, SourceFile>> = {}
  const known = new Set<string>(REGISTRY_NAMES.map((name) => `${name}.yaml`))
  for (const entry of entriesOf(dir, found) ?? []) {
    const path = displayPath(entry.path)
    if (entry.stat.isSymbolicLink()) refused.push({ path, message: LINK })
    else if (entry.name === MEETINGS_FOLDER && entry.stat.isDirectory()) continue
    else if (known.has(entry.name) && entry.stat.isFile()) {
      const file = readText(entry, refused)
      if (file) registries[entry.name.replace(/\.yaml$/, '') as RegistryName] = file
    } else
      refused.push({
        path,
        message: `is not one of the site's registry files (${[...known].join(', ')}). The site would never read it: move it out of content/data, or put what it holds in one of those files`,
      })
  }
  return registries
}

/** What may stand at the top of the content folder. */
const TOP_LEVEL = new Set(['pages', 'data', 'captions', 'README.md'])

/** Reads every content file as text; nothing is checked here but what each file is. */
export function readContentSource(contentDir: string = CONTENT_DIR): ContentSource {
  const found: Found = { refused: [], ignored: [] }
  const { refused } = found
  for (const entry of entriesOf(contentDir, found) ?? []) {
    // The three folders are read (and refused if they are links) below.
    if (TOP_LEVEL.has(entry.name) && entry.name !== 'README.md') continue
    if (entry.stat.isSymbolicLink()) refused.push({ path: displayPath(entry.path), message: LINK })
    else if (entry.name === 'README.md' && !entry.stat.isFile())
      refused.push({
        path: displayPath(entry.path),
        message:
          'should be the staff guide, a Markdown file, but it is not a file. Put the guide back as content/README.md',
      })
    else if (!TOP_LEVEL.has(entry.name))
      refused.push({
        path: displayPath(entry.path),
        message:
          'is not something the site uses. content/ holds pages/, data/, captions/ and the guide README.md: move it into one of those folders, or delete it',
      })
  }
  return {
    root: displayPath(contentDir),
    pages: readFolder(join(contentDir, 'pages'), 'page', found),
    registries: readRegistryFiles(join(contentDir, 'data'), found),
    captions: readFolder(join(contentDir, 'captions'), 'captions', found),
    meetings: readFolder(join(contentDir, 'data', MEETINGS_FOLDER), 'meetings', found),
    ...found,
  }
}

let cached: SiteContent | undefined

/**
 * The site's content from content/ (or CONTENT_DIR), checked once per build
 * process. Routes call this and pass each component what it needs;
 * components never read content. Throws a ContentError listing every error.
 */
export function siteContent(): SiteContent {
  cached ??= contentOrThrow(readContentSource(CONTENT_DIR))
  return cached
}
