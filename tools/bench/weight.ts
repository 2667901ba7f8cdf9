// How heavy a built page is, in gzip bytes: for `npm run bench` and the
// export tests' budgets.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'

/** gzip bytes (best compression) of a file. */
export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/**
 * The gzip weight of an exported page: its HTML, and the site's own CSS and
 * JS files it loads. `page` is the HTML file's path relative to `outDir`.
 */
export function pageWeight(outDir: string, page: string) {
  const html = readFileSync(join(outDir, page), 'utf8')
  // Attributes come in any order (the export adds `integrity` before `src`).
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? []
  const attr = (tag: string, key: string) => tag.match(new RegExp(`\\s${key}="([^"]*)"`))?.[1]
  const sum = (paths: (string | undefined)[]) =>
    paths
      .filter((path) => path?.startsWith('/'))
      .reduce((total, path) => total + gzipSize(join(outDir, path!.split('?')[0]!)), 0)
  const stylesheets = tags('link').filter((tag) => attr(tag, 'rel') === 'stylesheet')
  const weight = {
    html: gzipSize(join(outDir, page)),
    css: sum(stylesheets.map((tag) => attr(tag, 'href'))),
    js: sum(tags('script').map((tag) => attr(tag, 'src'))),
  }
  return { ...weight, total: weight.html + weight.css + weight.js }
}

/**
 * The site editor's weight in an export: what opening it loads, and all its
 * files (`allFiles`, with the parts it loads only when needed).
 */
export function siteEditorWeight(outDir: string) {
  const assets = join(outDir, SITE_EDITOR_PATH, 'assets')
  const opened = pageWeight(outDir, join(SITE_EDITOR_PATH, 'index.html'))
  const allFiles = readdirSync(assets).reduce((sum, name) => sum + gzipSize(join(assets, name)), 0)
  return { ...opened, allFiles: opened.html + allFiles }
}

/** The editor's weight in one line, as the benchmark prints it. */
export function siteEditorWeightLine(weight: ReturnType<typeof siteEditorWeight>): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  return (
    `site editor (${SITE_EDITOR_PATH}): ${kb(weight.total)} KB gzip when opened ` +
    `(HTML ${kb(weight.html)}, JS ${kb(weight.js)}, CSS ${kb(weight.css)}), ` +
    `${kb(weight.allFiles)} KB gzip in all its files; no public page loads any of it`
  )
}
