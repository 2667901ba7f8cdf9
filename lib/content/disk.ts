import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { contentOrThrow, type SiteContent } from '#lib/content/index.ts'
import {
  REGISTRY_NAMES,
  type ContentSource,
  type RegistryName,
  type SourceFile,
} from '#lib/content/source.ts'

/**
 * Where staff edit content: pages in content/pages, registries in
 * content/data, captions in content/captions. CONTENT_DIR may point
 * elsewhere (the tests and the scale benchmark use other folders).
 */
export const CONTENT_DIR = process.env.CONTENT_DIR ?? join(process.cwd(), 'content')

/** Paths in messages are relative to the project, as staff see them in the editor. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file)
  return rel.startsWith('..') ? file : rel
}

function read(file: string): SourceFile {
  return { path: displayPath(file), text: readFileSync(file, 'utf8') }
}

function filesIn(dir: string, extension: string): SourceFile[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => read(join(dir, name)))
}

/** Reads every content file as text; nothing is checked here. */
export function readContentSource(contentDir: string = CONTENT_DIR): ContentSource {
  const registries: Partial<Record<RegistryName, SourceFile>> = {}
  for (const name of REGISTRY_NAMES) {
    const file = join(contentDir, 'data', `${name}.yaml`)
    if (existsSync(file)) registries[name] = read(file)
  }
  return {
    root: displayPath(contentDir),
    pages: filesIn(join(contentDir, 'pages'), '.md'),
    registries,
    captions: filesIn(join(contentDir, 'captions'), '.vtt'),
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
