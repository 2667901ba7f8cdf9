import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** gzip bytes (best compression) of a file. */
export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/**
 * The gzip weight of an exported page: its HTML, and the site's own CSS and
 * JS files it loads. `page` is the HTML file's path relative to `outDir`.
 */
export function pageWeight(outDir: string, page: string) {
  const file = join(outDir, page)
  const html = readFileSync(file, 'utf8')
  const sum = (pattern: RegExp) =>
    [...html.matchAll(pattern)].reduce(
      (total, m) => total + gzipSize(join(outDir, m[1]!.split('?')[0]!)),
      0
    )
  const weight = {
    html: gzipSize(file),
    css: sum(/<link rel="stylesheet" href="(\/[^"]+)"/g),
    js: sum(/<script src="(\/[^"]+)"/g),
  }
  return { ...weight, total: weight.html + weight.css + weight.js }
}
