import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

// What several folders of tools/ need, in one module (each folder imports only this one, and the
// folders eslint.config.mjs lets it: `ROOMS`): the files of a folder, a file's hash and the
// scripts' integrity, where the host's functions are, and what out/ was built from.

/** The host's functions (Cloudflare Pages Functions): deployed, served and rehearsed from here. */
export const FUNCTIONS_DIR = 'functions'

/** The working copy's last commit's tree, if nothing differs from it (no change, no file git does
 * not track, no file it ignores but the ones `written` names), or undefined (or where git is
 * missing). */
export function committedTree(dir: string, written: (path: string) => boolean = () => false) {
  const git = (...args: string[]) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' })
  const status = git('status', '--porcelain', '--ignored=matching')
  const other = (status.stdout ?? '')
    .split('\n')
    .filter((l) => l && !(l.startsWith('!! ') && written(l.slice(3))))
  const tree = status.status === 0 && other.length === 0 && git('rev-parse', 'HEAD^{tree}')
  return tree && tree.status === 0 ? tree.stdout.trim() : undefined
}

/** What `npm run build` last put in out/ was built from: the tree of a commit and the day, where the
 * export is exactly what a fresh checkout of that commit builds that day with no settings given. */
export type BuiltFrom = { tree: string; day: string }
const builtFromFile = (dir: string) => join(dir, 'build', 'built-from.json')
export function writeBuiltFrom(dir: string, from: BuiltFrom | undefined) {
  if (!from) return rmSync(builtFromFile(dir), { force: true })
  mkdirSync(join(dir, 'build'), { recursive: true })
  writeFileSync(builtFromFile(dir), `${JSON.stringify(from)}\n`)
}
/** `dir`'s export, if it is `tree`'s build on `day` (the rehearsal then publishes it unbuilt). */
export function exportOf(dir: string, tree: string, day: string): string | undefined {
  if (!existsSync(builtFromFile(dir)) || !existsSync(join(dir, 'out', 'index.html')))
    return undefined
  const from = JSON.parse(readFileSync(builtFromFile(dir), 'utf8')) as BuiltFrom
  return from.tree === tree && from.day === day ? join(dir, 'out') : undefined
}

/** Every file under `dir`, as sorted paths relative to it, with "/": `_next/static/a.js`. */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

/** A CSP hash source (and an SRI value): 'sha256-…' without the quotes. */
export function sha256Source(data: string | Buffer): string {
  return `sha256-${createHash('sha256').update(data).digest('base64')}`
}

// Each browser script is allowed by its hash, not by the site's address (script-src 'sha256-…'),
// and every tag that loads one carries it as `integrity`: a script that slipped onto the origin,
// or a changed file, runs in no page.

/** A script tag of the export that loads `src`, however its attributes are ordered. */
const tagOf = (src: string) =>
  new RegExp(`<script\\b(?=[^>]*\\bsrc="${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")[^>]*>`, 'g')

/** Adds `integrity` to the tags of the given scripts in the HTML files; returns the hashes. */
export function addIntegrity(dir: string, files: readonly string[], sources: readonly string[]) {
  const hashOf = new Map(sources.map((src) => [src, sha256Source(readFileSync(join(dir, src)))]))
  let tags = 0
  for (const file of files) {
    const html = readFileSync(file, 'utf8')
    let changed = html
    for (const [src, hash] of hashOf) {
      changed = changed.replace(tagOf(src), (tag) => {
        if (/\bintegrity=/.test(tag)) throw new Error(`${file}: ${src} already has an integrity`)
        tags += 1
        return tag.replace(/^<script\b/, `<script integrity="${hash}"`)
      })
    }
    if (changed !== html) writeFileSync(file, changed)
  }
  return { hashes: [...new Set(hashOf.values())].sort(), tags }
}
