import { lstatSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'
import { CALENDAR_PATH, CAPTIONS_PATH, routeHref, SITE_EDITOR_PATH } from '#lib/routes.ts'
import { PAGE_DATES_FILE } from '#lib/routes.ts'
import { exportFiles, OUT, requireExport } from '#tests/helpers/export.ts'

// Only files of known kinds are published (SECURITY.md): every
// file in the export is a page for a published route, a file the build
// makes, the search index, the site editor, or a captions file that a video
// names. Expected values come from the registries, never from content/.

beforeAll(requireExport)

/** The captions and descriptions files the videos name. */
const tracksOf = ({ videos }: SiteContent['registries']) =>
  [...videos.values()].flatMap((v) => [v.captions ?? [], v.descriptions ?? []].flat())

/** What each file of the export may be, as patterns on its path in out/. */
function knownKinds(): ((file: string) => boolean)[] {
  const { pages, registries } = siteContent()
  const pageFiles = new Set(
    pages.map((p) => (p.route === '/' ? 'index.html' : `${routeHref(p.route).slice(1)}index.html`))
  )
  const captions = new Set(tracksOf(registries).map((name) => `${CAPTIONS_PATH.slice(1)}${name}`))
  const made = new Set([
    '404.html',
    '_headers',
    'robots.txt',
    'sitemap.xml',
    'feed.xml',
    'icon.svg',
    CALENDAR_PATH.slice(1),
    PAGE_DATES_FILE,
    ...Object.values(BROWSER_SCRIPTS).map((s) => s.src.slice(1)),
  ])
  return [
    (f) => pageFiles.has(f),
    (f) => made.has(f),
    (f) => captions.has(f),
    (f) => f.startsWith('pagefind/'),
    (f) => f.startsWith(SITE_EDITOR_PATH.slice(1)),
    // What Next.js keeps of its own: the stylesheet (inlined, kept for the
    // editor's preview) and the icon.
    (f) => /^_next\/static\/(chunks\/[\w-]+\.css|media\/icon\.[\w-]+\.svg)$/.test(f),
  ]
}

describe('the export', () => {
  it('holds only files of known kinds', () => {
    const kinds = knownKinds()
    expect(exportFiles().filter((file) => !kinds.some((known) => known(file)))).toEqual([])
  })

  it('holds no link (symlink), only plain files', () => {
    expect(exportFiles().filter((file) => !lstatSync(join(OUT, file)).isFile())).toEqual([])
  })

  it('publishes exactly the captions and descriptions files the videos name', () => {
    const named = tracksOf(siteContent().registries)
    const published = exportFiles()
      .filter((f) => f.startsWith(CAPTIONS_PATH.slice(1)))
      .map((f) => f.slice(CAPTIONS_PATH.length - 1))
    expect(published.sort()).toEqual([...new Set(named)].sort())
  })
})
