import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

// What several folders of tools/ need, in one module (each folder imports only this one, and the
// folders eslint.config.mjs lets it: `ROOMS`): the files of a folder, a file's hash and the
// scripts' integrity, and where the host's functions are.

/** The host's functions (Cloudflare Pages Functions): deployed, served and rehearsed from here. */
export const FUNCTIONS_DIR = 'functions'

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
