// The one directory walker of the tools and the tests: Node's own recursive readdir, files only.
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** Every file under `dir`, as sorted paths relative to it, with "/": `_next/static/a.js`. */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}
