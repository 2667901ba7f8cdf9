import {
  MEETINGS_FOLDER,
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type SourceFile,
} from '#lib/content/source.ts'
import { CONTENT_PATH } from '#site-editor/config.ts'

// The content's files as the editor holds them: which files the site's check reads, the content
// made of them, and the content with a change in it (a save's check, the preview).

const MEETINGS_PATH = `${CONTENT_PATH}/data/${MEETINGS_FOLDER}`
export const byPath = (a: SourceFile, b: SourceFile) => a.path.localeCompare(b.path)

/** The folders of the content a save is checked with, each with its files' ending. */
export const FOLDERS = {
  pages: [`${CONTENT_PATH}/pages`, 'md'],
  captions: [`${CONTENT_PATH}/captions`, 'vtt'],
  meetings: [MEETINGS_PATH, 'yaml'],
} as const
const inFolder = (path: string, [folder, ending]: readonly [string, string]) =>
  path.startsWith(`${folder}/`) &&
  path.endsWith(`.${ending}`) &&
  !path.slice(folder.length + 1).includes('/')
const registryOf = (path: string) =>
  REGISTRY_NAMES.find((name) => registryPath(CONTENT_PATH, name) === path)
export const isContent = (path: string) =>
  registryOf(path) !== undefined || Object.values(FOLDERS).some((f) => inFolder(path, f))

/** The content as the site's check reads it, from the files the editor read. */
export function sourceOf(read: SourceFile[]): ContentSource {
  const files = [...read].sort(byPath)
  const folder = (f: readonly [string, string]) => files.filter(({ path }) => inFolder(path, f))
  return {
    root: CONTENT_PATH,
    pages: folder(FOLDERS.pages),
    registries: Object.fromEntries(
      files.flatMap((f) => (registryOf(f.path) ? [[registryOf(f.path), f]] : []))
    ),
    captions: folder(FOLDERS.captions),
    meetings: folder(FOLDERS.meetings),
    refused: [],
  }
}

/** The content with files written (and moved) and others deleted. */
export function withChange(
  source: ContentSource,
  written: readonly { path: string; raw: string; newPath?: string }[],
  deleted: readonly string[] = []
): ContentSource {
  const gone = new Set([...deleted, ...written.flatMap((f) => (f.newPath ? [f.path] : []))])
  const put = (files: SourceFile[], folder: string) => {
    const added = written
      .map((f) => ({ path: f.newPath ?? f.path, text: f.raw }))
      .filter((f) => f.path.startsWith(`${folder}/`))
    const paths = new Set(added.map((f) => f.path))
    return [...files.filter((f) => !gone.has(f.path) && !paths.has(f.path)), ...added].sort(byPath)
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
