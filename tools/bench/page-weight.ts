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
  // Attributes come in any order (the export adds `integrity` before `src`).
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? []
  const attr = (tag: string, key: string) => tag.match(new RegExp(`\\s${key}="([^"]*)"`))?.[1]
  const sum = (paths: (string | undefined)[]) =>
    paths
      .filter((path): path is string => path?.startsWith('/') === true)
      .reduce((total, path) => total + gzipSize(join(outDir, path.split('?')[0]!)), 0)
  const weight = {
    html: gzipSize(file),
    css: sum(
      tags('link')
        .filter((tag) => attr(tag, 'rel') === 'stylesheet')
        .map((tag) => attr(tag, 'href'))
    ),
    js: sum(tags('script').map((tag) => attr(tag, 'src'))),
  }
  return { ...weight, total: weight.html + weight.css + weight.js }
}
