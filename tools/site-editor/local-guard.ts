import { posix } from 'node:path'
import {
  CAPTIONS_FILE,
  MEETINGS_FILE,
  MEETINGS_FOLDER,
  PAGE_FILE,
  REGISTRY_NAMES,
} from '#lib/content/source.ts'

// What `npm run site-editor` lets through to Decap's local backend
// (decap-server), which on its own writes any path it is given. The server
// listens on 127.0.0.1 only; on top of that, a request must name this server
// as its Host and come from its own page (Origin), so another site open in
// the same browser cannot use it, even through DNS tricks; and every path in
// a request must be a content file of a kind the site uses.

/** The addresses this server answers as: localhost and 127.0.0.1 on its port. */
function ownHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`]
}

/**
 * Why a request's Host or Origin is refused, or undefined. Host must be
 * this server; Origin, when a browser sends one, must be this server's page.
 * Writes (POST) must carry an Origin: browsers always send one.
 */
export function foreignRequest(
  port: number,
  headers: { host?: string; origin?: string },
  method = 'GET'
): string | undefined {
  const hosts = ownHosts(port)
  if (!headers.host || !hosts.includes(headers.host))
    return `This server answers only as ${hosts.join(' or ')}, not "${headers.host ?? ''}".`
  if (headers.origin === undefined)
    return method === 'GET' || method === 'HEAD'
      ? undefined
      : 'A change must come from the site editor page of this server.'
  if (!hosts.some((host) => headers.origin === `http://${host}`))
    return `Requests from ${headers.origin} are refused: only the site editor of this server may use it.`
  return undefined
}

/** The backend actions the site editor uses; any other is refused. */
const ACTIONS = new Set([
  'info',
  'entriesByFolder',
  'entriesByFiles',
  'getEntry',
  'persistEntry',
  'getMedia',
  'getMediaFile',
  'persistMedia',
  'deleteFile',
  'deleteFiles',
  'getDeployPreview',
])

/** May a path of a request be touched: a content file of a known kind, or a content folder? */
export function isContentPath(path: unknown, folderAllowed = false): boolean {
  if (typeof path !== 'string' || /[\\\0]/.test(path)) return false
  const trimmed = folderAllowed ? path.replace(/\/$/, '') : path
  // Written exactly as the editor writes it: no "..", no "//", no leading "/".
  if (posix.normalize(trimmed) !== trimmed || posix.isAbsolute(trimmed)) return false
  const [top, folder, name, ...rest] = trimmed.split('/')
  // A year's file of meeting records: content/data/meetings/2026.yaml.
  if (top === 'content' && folder === 'data' && name === MEETINGS_FOLDER)
    return rest.length === 0 ? folderAllowed : rest.length === 1 && MEETINGS_FILE.test(rest[0]!)
  if (top !== 'content' || rest.length > 0) return false
  if (name === undefined)
    return folderAllowed && ['pages', 'data', 'captions', 'uploads'].includes(folder!)
  if (folder === 'pages') return PAGE_FILE.test(name)
  if (folder === 'captions') return CAPTIONS_FILE.test(name)
  if (folder === 'data') return REGISTRY_NAMES.some((registry) => name === `${registry}.yaml`)
  return false
}

type Params = Record<string, unknown>
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Params)[key] : undefined

/** Why a backend request is refused, or undefined when every path in it is content. */
export function refusedBackendRequest(body: unknown): string | undefined {
  const action = field(body, 'action')
  if (typeof action !== 'string' || !ACTIONS.has(action))
    return `The action "${String(action)}" is not one the site editor uses.`
  const params = field(body, 'params')
  const files: unknown[] = []
  const folders: unknown[] = []
  switch (action) {
    case 'entriesByFolder':
      folders.push(field(params, 'folder'))
      break
    case 'getMedia':
      folders.push(field(params, 'mediaFolder'))
      break
    case 'entriesByFiles':
      files.push(...list(field(params, 'files')).map((f) => field(f, 'path')))
      break
    case 'getEntry':
    case 'getMediaFile':
    case 'deleteFile':
      files.push(field(params, 'path'))
      break
    case 'deleteFiles':
      files.push(...list(field(params, 'paths')))
      break
    case 'persistMedia':
      files.push(field(field(params, 'asset'), 'path'))
      break
    case 'persistEntry': {
      const entry = field(params, 'entry')
      const dataFiles =
        field(params, 'dataFiles') === undefined ? [entry] : list(field(params, 'dataFiles'))
      for (const file of dataFiles) {
        files.push(field(file, 'path'))
        if (field(file, 'newPath') !== undefined) files.push(field(file, 'newPath'))
      }
      files.push(...list(field(params, 'assets')).map((a) => field(a, 'path')))
      break
    }
  }
  const bad = [
    ...files.filter((path) => !isContentPath(path)),
    ...folders.filter((path) => !isContentPath(path, true)),
  ]
  if (bad.length === 0) return undefined
  return `The site editor may only read and write the site's content files (content/pages/*.md, content/data/*.yaml, content/captions/*.vtt), not ${bad.map((p) => JSON.stringify(p)).join(', ')}.`
}
