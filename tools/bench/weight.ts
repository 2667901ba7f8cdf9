// How heavy a built page is, in gzip bytes: for `npm run bench` and the export tests' budgets.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** An exported page's HTML, and the site's own CSS and JS it loads; `page` is relative to `outDir`. */
export function pageWeight(outDir: string, page: string) {
  const source = readFileSync(join(outDir, page), 'utf8')
  // Attributes come in any order (the export adds `integrity` before `src`).
  const sum = (tag: RegExp) =>
    [...source.matchAll(tag)].reduce((total, m) => total + gzipSize(join(outDir, m[1]!)), 0)
  const html = gzipSize(join(outDir, page))
  const css = sum(/<link\b(?=[^>]*\srel="stylesheet")[^>]*\shref="(\/[^"?]*)/g)
  const js = sum(/<script\b[^>]*\ssrc="(\/[^"?]*)/g)
  return { html, css, js, total: html + css + js }
}

/** What opening the site editor loads, and `allFiles`, with the parts it loads only when needed. */
export function siteEditorWeight(outDir: string) {
  const assets = join(outDir, SITE_EDITOR_PATH, 'assets')
  const opened = pageWeight(outDir, join(SITE_EDITOR_PATH, 'index.html'))
  const allFiles = readdirSync(assets).reduce((sum, name) => sum + gzipSize(join(assets, name)), 0)
  return { ...opened, allFiles: opened.html + allFiles }
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1)

export const siteEditorWeightLine = (weight: ReturnType<typeof siteEditorWeight>) =>
  `site editor (${SITE_EDITOR_PATH}): ${kb(weight.total)} KB gzip when opened ` +
  `(HTML ${kb(weight.html)}, JS ${kb(weight.js)}, CSS ${kb(weight.css)}), ` +
  `${kb(weight.allFiles)} KB gzip in all its files; no public page loads any of it`
