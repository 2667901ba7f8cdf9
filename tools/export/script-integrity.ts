import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'
import { htmlFiles, sha256Source } from '#tools/export/inline-css.ts'

// Each browser script is allowed by its hash, not by the site's address:
// the policy names the exact files (script-src 'sha256-…'), and every tag
// that loads one carries the same hash as `integrity`. So a script that
// slipped onto the site's origin could not run in any page, and a changed
// file would not run either.

/** A script tag of the export that loads `src`, however its attributes are ordered. */
const tagOf = (src: string) =>
  new RegExp(`<script\\b(?=[^>]*\\bsrc="${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")[^>]*>`, 'g')

/** Adds `integrity` to the tags of the given scripts in the HTML files; returns the hashes. */
export function addIntegrity(
  dir: string,
  files: readonly string[],
  sources: readonly string[]
): { hashes: string[]; tags: number } {
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

/** The browser scripts of the site: their hashes for the policy, and the tags marked. */
export function addBrowserScriptIntegrity(
  dir: string,
  skip: (file: string) => boolean
): { hashes: string[]; tags: number } {
  return addIntegrity(
    dir,
    htmlFiles(dir).filter((file) => !skip(file)),
    Object.values(BROWSER_SCRIPTS).map((s) => s.src)
  )
}
