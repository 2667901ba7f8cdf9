import { checkContent } from '#lib/content/index.ts'
import { formatProblem, type ContentProblem } from '#lib/content/problems.ts'
import {
  MEETINGS_FOLDER,
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type SourceFile,
} from '#lib/content/source.ts'
import { CONTENT_PATH } from '#site-editor/config.ts'
import { PlainRefusal } from '#site-editor/refusal.ts'

// Before a save or deletion is written, the site's content check runs over the
// repository's content with the change in it; a mistake the content did not
// already have stops it, in the check's words.

type DataFile = { path: string; raw: string; newPath?: string }
type Backend = {
  entriesByFolder(folder: string, extension: string, depth: number): Promise<Read[]>
  /** The GitHub backend's whole folder: its entriesByFolder gives only the first 20 files. */
  allEntriesByFolder?(folder: string, extension: string, depth: number): Promise<Read[]>
  entriesByFiles(files: { path: string }[]): Promise<Read[]>
  persistEntry(entry: { dataFiles: DataFile[] }, options: unknown): Promise<unknown>
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
}
type Read = { data: string; file: { path: string } }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's rule for mixins
type BackendClass = abstract new (...args: any[]) => Backend

export class SaveRefused extends PlainRefusal {
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(
      `The site check found ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} ` +
        `this change would bring, so the site could not be built: ${problems.map(formatProblem).join(' · ')}`
    )
    this.problems = problems
  }
}

const MEETINGS_PATH = `${CONTENT_PATH}/data/${MEETINGS_FOLDER}`

/** The repository's content, read through the backend. */
async function readThrough(backend: Backend): Promise<ContentSource> {
  const files = (read: Read[]): SourceFile[] =>
    read
      .map(({ data, file }) => ({ path: file.path, text: data }))
      .sort((a, b) => a.path.localeCompare(b.path))
  const folder = (path: string, extension: string) =>
    backend.allEntriesByFolder
      ? backend.allEntriesByFolder(path, extension, 1)
      : backend.entriesByFolder(path, extension, 1)
  const [pages, registries, captions, meetings] = await Promise.all([
    folder(`${CONTENT_PATH}/pages`, 'md'),
    backend.entriesByFiles(
      REGISTRY_NAMES.map((name) => ({ path: registryPath(CONTENT_PATH, name) }))
    ),
    folder(`${CONTENT_PATH}/captions`, 'vtt').catch(() => []),
    folder(MEETINGS_PATH, 'yaml').catch(() => []),
  ])
  const nameOf = (file: SourceFile) =>
    REGISTRY_NAMES.find((name) => registryPath(CONTENT_PATH, name) === file.path)
  return {
    root: CONTENT_PATH,
    pages: files(pages),
    registries: Object.fromEntries(files(registries).map((file) => [nameOf(file), file])),
    captions: files(captions),
    meetings: files(meetings),
    refused: [],
  }
}

/** The content with files written (and moved) and others deleted. */
export function withChange(
  source: ContentSource,
  written: readonly DataFile[],
  deleted: readonly string[] = []
): ContentSource {
  const gone = new Set([...deleted, ...written.flatMap((f) => (f.newPath ? [f.path] : []))])
  const put = (files: SourceFile[], folder: string) => {
    const added = written
      .map((f) => ({ path: f.newPath ?? f.path, text: f.raw }))
      .filter((f) => f.path.startsWith(`${folder}/`))
    const paths = new Set(added.map((f) => f.path))
    return [...files.filter((f) => !gone.has(f.path) && !paths.has(f.path)), ...added].sort(
      (a, b) => a.path.localeCompare(b.path)
    )
  }
  const registries = { ...source.registries }
  for (const name of REGISTRY_NAMES) {
    const file = written.find((f) => (f.newPath ?? f.path) === registryPath(CONTENT_PATH, name))
    if (file) registries[name] = { path: registryPath(CONTENT_PATH, name), text: file.raw }
  }
  return {
    ...source,
    pages: put(source.pages, `${CONTENT_PATH}/pages`),
    captions: put(source.captions, `${CONTENT_PATH}/captions`),
    meetings: put(source.meetings, MEETINGS_PATH),
    registries,
  }
}

/** Throws SaveRefused when the change brings an error the content has not without it. */
async function refuseBreakingChange(
  backend: Backend,
  written: readonly DataFile[],
  deleted: readonly string[] = []
) {
  const before = await readThrough(backend)
  const errors = (source: ContentSource) =>
    checkContent(source).problems.filter((p) => p.severity === 'error')
  const known = new Set(errors(before).map(formatProblem))
  const problems = errors(withChange(before, written, deleted)).filter(
    (p) => !known.has(formatProblem(p))
  )
  if (problems.length > 0) throw new SaveRefused(problems)
}

/** A backend class whose saves and deletions are checked first. */
export function withSiteCheck<T extends BackendClass>(Base: T): T {
  abstract class Checked extends Base {
    async persistEntry(entry: { dataFiles: DataFile[] }, options: unknown) {
      await refuseBreakingChange(this, entry.dataFiles)
      return super.persistEntry(entry, options)
    }

    async deleteFiles(paths: string[], commitMessage: string) {
      await refuseBreakingChange(this, [], paths)
      return super.deleteFiles(paths, commitMessage)
    }
  }
  return Checked
}
