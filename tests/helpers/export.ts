import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { JSDOM } from 'jsdom'

/** The built export. These checks run after `npm run build`. */
export const OUT = join(process.cwd(), 'out')

export function requireExport() {
  if (!existsSync(join(OUT, 'index.html'))) {
    throw new Error('out/ has no export: run `npm run build` before the export tests')
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

export const exportFiles = () => walk(OUT).map((f) => relative(OUT, f).split(sep).join('/'))

export type ExportedPage = { file: string; path: string; html: string; document: Document }

/** Every HTML page of the export, parsed. `path` is the address it is served at. */
export function exportedPages(): ExportedPage[] {
  return exportFiles()
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const html = readFileSync(join(OUT, file), 'utf8')
      const path =
        file === 'index.html'
          ? '/'
          : file.endsWith('/index.html')
            ? `/${file.slice(0, -'index.html'.length)}`
            : `/${file}`
      return { file, path, html, document: new JSDOM(html).window.document }
    })
}

/** The export file an address is served from, or null (the static host's rules). */
export function fileFor(address: string): string | null {
  const path = decodeURIComponent(address.split('#')[0]!.split('?')[0]!)
  const candidate = path.endsWith('/') ? join(OUT, path, 'index.html') : join(OUT, path)
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null
}

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** gzip bytes of a page: its HTML, and the CSS and JS files it loads. */
export function pageWeight(page: ExportedPage) {
  const assets = (selector: string, attr: string) =>
    [...page.document.querySelectorAll(selector)]
      .map((el) => el.getAttribute(attr)!)
      .filter((u) => u.startsWith('/'))
  const css = assets('link[rel="stylesheet"]', 'href').reduce(
    (sum, href) => sum + gzipSize(fileFor(href)!),
    0
  )
  const js = assets('script[src]', 'src').reduce((sum, src) => sum + gzipSize(fileFor(src)!), 0)
  const html = gzipSize(join(OUT, page.file))
  return { html, css, js, total: html + css + js }
}
