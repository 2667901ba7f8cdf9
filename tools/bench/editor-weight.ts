import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'
import { gzipSize } from '#tools/bench/page-weight.ts'

export type SiteEditorWeight = {
  /** What opening the editor loads: its page and the scripts and styles it links (gzip bytes). */
  html: number
  js: number
  css: number
  total: number
  /** Every file of the editor, including parts it loads only when needed (gzip bytes). */
  allFiles: number
}

/**
 * The weight of the site editor in an export (`outDir`/admin/), for the
 * benchmark. No public page loads any of it (tests/export/site-editor.test.ts).
 */
export function siteEditorWeight(outDir: string): SiteEditorWeight {
  const dir = join(outDir, SITE_EDITOR_PATH)
  const page = join(dir, 'index.html')
  const html = readFileSync(page, 'utf8')
  const linked = (pattern: RegExp) =>
    [...html.matchAll(pattern)].reduce(
      (sum, m) => sum + gzipSize(join(outDir, m[1]!.split('?')[0]!)),
      0
    )
  const js = linked(/<script\b[^>]*\bsrc="(\/[^"]+)"/g)
  const css = linked(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/[^"]+)"/g)
  const htmlSize = gzipSize(page)
  const assets = readdirSync(join(dir, 'assets')).map((name) => join(dir, 'assets', name))
  return {
    html: htmlSize,
    js,
    css,
    total: htmlSize + js + css,
    allFiles: htmlSize + assets.reduce((sum, file) => sum + gzipSize(file), 0),
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** The editor's weight in one line, for the build log and the benchmark. */
export function siteEditorWeightLine(weight: SiteEditorWeight): string {
  return (
    `site editor (${SITE_EDITOR_PATH}): ${kb(weight.total)} KB gzip when opened ` +
    `(HTML ${kb(weight.html)}, JS ${kb(weight.js)}, CSS ${kb(weight.css)}), ` +
    `${kb(weight.allFiles)} KB gzip in all its files; no public page loads any of it`
  )
}
