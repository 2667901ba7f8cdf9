import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'
import { styleHashesIn } from '#tools/export/inline-css.ts'
import { pageWeight } from '#tools/bench/weight.ts'
import { filesIn, sha256Source } from '#tools/shared/files.ts'

/** The built export. These checks run after `npm run build`. */
export const OUT = join(process.cwd(), 'out')

export function requireExport() {
  if (!existsSync(join(OUT, 'index.html'))) {
    throw new Error('out/ has no export: run `npm run build` before the export tests')
  }
}

export const exportFiles = () => filesIn(OUT)

export type ExportedPage = { file: string; path: string; html: string; document: Document }

let parsed: ExportedPage[] | undefined

/**
 * Every public HTML page of the export, parsed. `path` is the address it is
 * served at. The site editor in admin/ is not a public page (site-editor.test.ts
 * checks it on its own).
 */
export function exportedPages(): ExportedPage[] {
  // Parsed once per test worker: the export does not change during a run.
  return (parsed ??= exportFiles()
    .filter((f) => f.endsWith('.html') && !f.startsWith(SITE_EDITOR_PATH.slice(1)))
    .map((file) => {
      const html = readFileSync(join(OUT, file), 'utf8')
      const path =
        file === 'index.html'
          ? '/'
          : file.endsWith('/index.html')
            ? `/${file.slice(0, -'index.html'.length)}`
            : `/${file}`
      return { file, path, html, document: new JSDOM(html).window.document }
    }))
}

/** The export file an address is served from, or null (the static host's rules). */
export function fileFor(address: string): string | null {
  const path = decodeURIComponent(address.split('#')[0]!.split('?')[0]!)
  const candidate = path.endsWith('/') ? join(OUT, path, 'index.html') : join(OUT, path)
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null
}

/** The content route a page is exported from, or null for 404.html. */
export function routeOf(page: Pick<ExportedPage, 'path'>): string | null {
  if (page.path === '/404.html') return null
  return page.path === '/' ? '/' : page.path.replace(/\/$/, '')
}

/** gzip bytes of a page: its HTML, and the CSS and JS files it loads. */
export const weightOf = (page: ExportedPage) => pageWeight(OUT, page.file)

/** The hashes of the inline styles of every public page, as the site policy must allow them. */
export function exportStyleHashes(): string[] {
  const hashes = new Set<string>()
  // The site editor's page has its own policy (site-editor.test.ts checks it).
  const editorFolder = SITE_EDITOR_PATH.slice(1)
  for (const file of exportFiles().filter(
    (f) => f.endsWith('.html') && !f.startsWith(editorFolder)
  ))
    for (const hash of styleHashesIn(readFileSync(join(OUT, file), 'utf8'))) hashes.add(hash)
  return [...hashes].sort()
}

/**
 * The hashes the policies must allow, worked out from the export's files
 * (never copied from out/_headers): the inline styles, the browser scripts,
 * and the scripts the site editor's page loads.
 */
export function exportHashes(): {
  styleHashes: string[]
  scriptHashes: string[]
  editorScriptHashes: string[]
} {
  const hashOf = (src: string) => sha256Source(readFileSync(join(OUT, src)))
  const editor = readFileSync(join(OUT, SITE_EDITOR_PATH.slice(1), 'index.html'), 'utf8')
  return {
    styleHashes: exportStyleHashes(),
    scriptHashes: Object.values(BROWSER_SCRIPTS)
      .map((s) => hashOf(s.src))
      .sort(),
    editorScriptHashes: [...editor.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)]
      .map((m) => hashOf(m[1]!))
      .sort(),
  }
}
