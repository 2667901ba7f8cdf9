import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ADMIN_PATH } from '@/lib/routes'
import { gzipSize } from '@/lib/build/page-weight'

export type AdminWeight = {
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
 * benchmark. No public page loads any of it (tests/export/admin.test.ts).
 */
export function adminWeight(outDir: string): AdminWeight {
  const dir = join(outDir, ADMIN_PATH)
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
export function adminWeightLine(weight: AdminWeight): string {
  return (
    `site editor (${ADMIN_PATH}): ${kb(weight.total)} KB gzip when opened ` +
    `(HTML ${kb(weight.html)}, JS ${kb(weight.js)}, CSS ${kb(weight.css)}), ` +
    `${kb(weight.allFiles)} KB gzip in all its files; no public page loads any of it`
  )
}
