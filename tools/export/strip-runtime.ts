import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BROWSER_SCRIPT_SOURCES } from '#lib/browser-scripts/catalog.ts'
import { filesIn } from '#tools/shared/files.ts'

// Removes Next's client runtime from the export, so each page is plain HTML and CSS plus the site's
// own scripts (lib/browser-scripts/catalog.ts). It stops the build if Next 16's output changes shape.

const fail = (message: string) => new Error(`strip-runtime: ${message}`)

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi
const SCRIPT_PRELOAD =
  /<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script"|[^>]*\.js")[^>]*\/?>/gi
// React's hidden Suspense boundary marker, left at the top of <body>.
const SUSPENSE_MARKER = /<div hidden="">(?:<!--\/?\$-->)+<\/div>/g

/** Removes framework scripts from one page; throws if it has none or any is left afterwards. */
export function stripHtml(html: string, name = 'page') {
  const scriptsRemoved = (html.match(SCRIPT) ?? []).filter((tag) => !isBrowserScript(tag)).length
  const withoutScripts = html.replace(SCRIPT, (tag) => (isBrowserScript(tag) ? tag : ''))
  const preloadsRemoved = withoutScripts.match(SCRIPT_PRELOAD)?.length ?? 0
  const result = withoutScripts.replace(SCRIPT_PRELOAD, '').replace(SUSPENSE_MARKER, '')
  if (scriptsRemoved === 0)
    throw fail(
      `${name} has no Next.js scripts to remove; the export's shape has changed, check this step`
    )
  const leftover = checkPlainHtml(result)
  if (leftover) throw fail(`${name} still ${leftover} after stripping`)
  return { html: result, scriptsRemoved, preloadsRemoved }
}

// Is this one of the site's own script tags: empty, with a `src` from the catalog and nothing else
// but `defer`? Attributes are read one by one, however React spells them.
export function isBrowserScript(tag: string): boolean {
  const rest = /^<script\b([^>]*)>\s*<\/script>$/i.exec(tag)?.[1]!.replace(/\s*\/?$/, '')
  if (rest === undefined) return false
  const attributes = [...rest.matchAll(/\s+([a-z-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>=]+)))?/gi)]
  if (attributes.map((a) => a[0]).join('') !== rest) return false
  const src = attributes.find((a) => a[1]!.toLowerCase() === 'src')
  return (
    attributes.every((a) => /^(src|defer)$/i.test(a[1]!)) &&
    BROWSER_SCRIPT_SOURCES.includes(src?.[2] ?? src?.[3] ?? src?.[4] ?? '')
  )
}

/** Describes what in the HTML would still run framework code, or null if nothing. */
export function checkPlainHtml(html: string): string | null {
  for (const tag of html.match(SCRIPT) ?? [])
    if (!isBrowserScript(tag)) return `has a script: ${tag.slice(0, 80)}`
  if (/<script\b/i.test(html.replace(SCRIPT, ''))) return 'has an unclosed <script> tag'
  if (/\/_next\/[^"'\s>]*\.js\b/.test(html)) return 'refers to /_next/ JavaScript'
  if (/self\.__next_f|__NEXT_DATA__/.test(html)) return 'holds Next.js page data'
  return null
}

/** The client runtime's files: JS under _next/, and the React Server Component payloads. */
const RUNTIME_FILE = /^_next\/.*\.js(\.map)?$|^(?!_next\/)(.*\/)?(index|__next\.[^/]*)\.txt$/
const NOT_FOUND_COPY = /^(_not-found|404)\//

/** Strips every page, deletes the runtime's files and Next's duplicate not-found folders. */
export function stripRuntime(outDir: string) {
  const files = filesIn(outDir)
  if (!files.some((f) => f.endsWith('.html')))
    throw fail(`no HTML pages in ${outDir}; run next build first`)
  const pages = files.filter((f) => f.endsWith('.html') && !NOT_FOUND_COPY.test(f))
  for (const file of pages) {
    const path = join(outDir, file)
    writeFileSync(path, stripHtml(readFileSync(path, 'utf8'), file).html)
  }
  const runtimeFiles = files.filter((f) => RUNTIME_FILE.test(f))
  if (runtimeFiles.length === 0)
    throw fail('found no runtime files to delete; the export has changed')
  for (const file of runtimeFiles) rmSync(join(outDir, file), { force: true })
  // The not-found copies go, and the build-id folders under _next/static left empty.
  const staticDir = join(outDir, '_next', 'static')
  const kept = new Set(filesIn(staticDir).map((file) => file.split('/')[0]))
  const emptied = readdirSync(staticDir).filter((name) => !kept.has(name))
  for (const dir of ['_not-found', '404', ...emptied.map((name) => `_next/static/${name}`)])
    rmSync(join(outDir, dir), { recursive: true, force: true })
  const filesDeleted = runtimeFiles.length + files.filter((f) => NOT_FOUND_COPY.test(f)).length
  return { pages: pages.length, filesDeleted }
}
