import { lstatSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import {
  CAPTIONS_FILE,
  MEETINGS_FILE,
  MEETINGS_FOLDER,
  PAGE_FILE,
  REGISTRY_NAMES,
} from '#lib/content/source.ts'

// What `npm run site-editor` lets through to Decap's local backend (decap-server), which on its
// own writes any path it is given: a request must name this server as its Host and come from its
// own page (Origin), so that another site open in the browser cannot use it, even through DNS
// tricks; and every path in it must be a content file of a kind the site uses, with no symbolic
// link on its way (content/ itself included), as lib/content/disk.ts reads content.

// Why a request's Host or Origin is refused, or undefined: Host must be this server, and Origin
// its page (browsers send one with every write, so a write without one is refused).
export function foreignRequest(port: number, headers: IncomingHttpHeaders, method = 'GET') {
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`]
  if (!hosts.includes(headers.host ?? ''))
    return `This server answers only as ${hosts.join(' or ')}, not "${headers.host ?? ''}".`
  const reading = method === 'GET' || method === 'HEAD'
  if (headers.origin === undefined)
    return reading ? undefined : 'A change must come from the site editor page of this server.'
  if (!hosts.some((host) => headers.origin === `http://${host}`))
    return `Requests from ${headers.origin} are refused: only the site editor of this server may use it.`
  return undefined
}

// The content files the editor writes, by folder: each name a kind the site uses.
// The only guard against "..", "\\", NUL and absolute paths: exact folder keys and anchored
// file-name patterns. Keep both strict.
const FILES = new Map<string, (name: string) => boolean>([
  ['content/pages', (name) => PAGE_FILE.test(name)],
  ['content/captions', (name) => CAPTIONS_FILE.test(name)],
  ['content/data', (name) => REGISTRY_NAMES.some((registry) => name === `${registry}.yaml`)],
  [`content/data/${MEETINGS_FOLDER}`, (name) => MEETINGS_FILE.test(name)],
])
const FOLDERS = [...FILES.keys(), 'content/uploads']

/** May a path of a request be touched: a content file of a known kind, or a content folder? */
export function isContentPath(path: unknown, folderAllowed = false): boolean {
  if (typeof path !== 'string') return false
  const trimmed = folderAllowed ? path.replace(/\/$/, '') : path
  if (folderAllowed && FOLDERS.includes(trimmed)) return true
  const at = trimmed.lastIndexOf('/')
  return FILES.get(trimmed.slice(0, at))?.(trimmed.slice(at + 1)) ?? false
}

// A request's JSON, read loosely: a field may be missing, or anything (only paths are kept).
type Loose = { [key: string]: Loose } | undefined
const list = (value: unknown) => (Array.isArray(value) ? value : []) as Loose[]
const onePath = (params: Loose) => ({ files: [params?.path] })

/** The actions the site editor uses, and the paths each names; any other action is refused. */
const ACTIONS: Record<string, (params: Loose) => { files?: unknown[]; folders?: unknown[] }> = {
  info: () => ({}),
  getDeployPreview: () => ({}),
  entriesByFolder: (params) => ({ folders: [params?.folder] }),
  getMedia: (params) => ({ folders: [params?.mediaFolder] }),
  entriesByFiles: (params) => ({ files: list(params?.files).map((f) => f?.path) }),
  getEntry: onePath,
  getMediaFile: onePath,
  deleteFile: onePath,
  deleteFiles: (params) => ({ files: list(params?.paths) }),
  persistMedia: (params) => ({ files: [params?.asset?.path] }),
  persistEntry: (params) => {
    const files = list(params?.dataFiles === undefined ? [params?.entry] : params.dataFiles)
    const renamed = files.map((file) => file?.newPath).filter((p) => p !== undefined)
    const assets = list(params?.assets).map((asset) => asset?.path)
    return { files: [...files.map((file) => file?.path), ...renamed, ...assets] }
  },
}

/** Is any folder or file on the way to `path` (content/pages/x.md) in `repoDir` a symbolic link? */
const throughLink = (repoDir: string, path: string) =>
  path.split('/').some((_, i, parts) => {
    const stat = lstatSync(join(repoDir, ...parts.slice(0, i + 1)), { throwIfNoEntry: false })
    return stat?.isSymbolicLink()
  })

/** Why a backend request on the working copy `repoDir` is refused, or undefined when every path in it is content. */
export function refusedBackendRequest(body: unknown, repoDir: string): string | undefined {
  const { action, params } = (body ?? {}) as { action?: unknown; params?: Loose }
  if (typeof action !== 'string' || !Object.hasOwn(ACTIONS, action))
    return `The action "${String(action)}" is not one the site editor uses.`
  const { files = [], folders = [] } = ACTIONS[action]!(params)
  const bad = [
    ...files.filter((path) => !isContentPath(path)),
    ...folders.filter((path) => !isContentPath(path, true)),
  ]
  if (bad.length)
    return `The site editor may only read and write the site's content files (content/pages/*.md, content/data/*.yaml, content/captions/*.vtt), not ${bad.map((p) => JSON.stringify(p)).join(', ')}.`
  const linked = [...files, ...folders].find((path) => throughLink(repoDir, String(path)))
  if (linked)
    return `The site editor never follows a link (symlink) in content/, and "${linked}" is one or is inside one. Put the file or folder itself there.`
  return undefined
}
