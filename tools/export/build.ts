// npm run build: checks the content, builds the site and the site editor into a staging folder, and
// only then swaps it for out/: a build that fails at any step leaves out/ as it was. Also writes
// build/nginx.conf.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildDay } from '#lib/content/alerts.ts'
import { CONTENT_DIR, readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { contentReport } from '#lib/content/report.ts'
import { BROWSER_SCRIPT_SOURCES } from '#lib/browser-scripts/catalog.ts'
import { writeHeadersFile } from '#lib/headers/cloudflare.ts'
import { siteNginxConfig } from '#lib/headers/nginx.ts'
import { headerRules, searchPageHref } from '#lib/headers/rules.ts'
import { atomFeed } from '#lib/feed.ts'
import { meetingCalendar } from '#lib/meetings.ts'
import { CALENDAR_PATH, CAPTIONS_PATH, FEED_PATH, routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { bundleBrowserScripts } from '#tools/export/build-browser-scripts.ts'
import { htmlFiles, inlineStylesheets } from '#tools/export/inline-css.ts'
import { addIntegrity, committedTree, writeBuiltFrom } from '#tools/shared/files.ts'
import { publishedDates, writePageDates } from '#tools/export/page-dates.ts'
import { buildSearchIndex } from '#tools/export/search-index.ts'
import { stripRuntime } from '#tools/export/strip-runtime.ts'
import { siteEditorSettings, bundleSiteEditor } from '#tools/site-editor/bundle.ts'

const root = process.cwd()
const buildDir = join(root, 'build')
const staging = join(buildDir, 'staging')
const day = buildDay()
// The export is what a fresh checkout builds today: no day, content folder or published dates
// given, no page dated earlier, the editor's settings the defaults (checked below).
const { PUBLISHED_PAGE_DATES, SITE_OUT_DIR, SITE_BUILD_DATE } = process.env
let fresh = !PUBLISHED_PAGE_DATES && !SITE_OUT_DIR && !SITE_BUILD_DATE && !process.env.CONTENT_DIR
// SITE_OUT_DIR builds elsewhere (the scale benchmark); the site itself goes to out/.
const out = join(root, SITE_OUT_DIR ?? 'out')
let started = performance.now()
const step = (text: string) => {
  console.log(`build: ${text} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  started = performance.now()
}

// The commit this build reads, if the working copy is exactly that commit (asked again at the end).
// Of what git ignores, only what the build and the tests write: a `.env.local` (which Next loads)
// or a stray file in public/ is no commit's.
const OUTPUTS = /^(\.next|build|node_modules|out|test-results|playwright-report|bench-results)\/$/
const generated = new Set(BROWSER_SCRIPT_SOURCES.map((src) => `public${src}`))
const written = (path: string) =>
  OUTPUTS.test(path) || generated.has(path) || /^next-env\.d\.ts$|\.tsbuildinfo$/.test(path)
const tree = committedTree(root, written)
if (!SITE_OUT_DIR) writeBuiltFrom(root, undefined)

// 1. The content, exactly as `npm run check:content` checks it (which writes GitHub's annotations).
const { content, problems } = checkContent(readContentSource(), day)
const report = contentReport(problems)
if (!content) {
  console.error(`${report}\n\nNothing was built; out/ is unchanged.`)
  process.exit(1)
}
console.log(report)
step('checked the content')

// 2. The site's own scripts, then Next's static export into the staging folder.
await bundleBrowserScripts()
step('built the shared browser scripts')
rmSync(staging, { recursive: true, force: true })
const next = spawnSync(join(root, 'node_modules', '.bin', 'next'), ['build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', SITE_EXPORT_DIR: relative(root, staging) },
})
if (next.status !== 0) {
  console.error('\nThe Next.js build failed; out/ is unchanged.')
  process.exit(next.status ?? 1)
}
step('Next.js exported the pages')

// 3. Plain HTML, captions, search index and headers, still in staging; then the site editor, which
// the search index and the pages never see.
try {
  const stripped = stripRuntime(staging)
  step(`made ${stripped.pages} pages plain HTML (${stripped.filesDeleted} framework files removed)`)
  const inlined = inlineStylesheets(staging)
  step(`inlined the stylesheet in ${inlined.pages} pages (${inlined.hashes.length} hash)`)
  const scripts = addIntegrity(staging, htmlFiles(staging), BROWSER_SCRIPT_SOURCES)
  step(`allowed ${scripts.hashes.length} browser scripts by hash, in ${scripts.tags} tags`)
  // Exactly the captions and descriptions files the videos name (the check read each as WebVTT).
  const videos = [...content.registries.videos.values()]
  const captions = new Set(videos.flatMap((v) => [v.captions ?? [], v.descriptions ?? []].flat()))
  for (const name of captions) {
    const source = join(CONTENT_DIR, 'captions', name)
    // A file swapped for a link since the check is still refused.
    if (!lstatSync(source).isFile()) throw new Error(`${source} is not a plain file`)
    cpSync(source, join(staging, CAPTIONS_PATH, name))
  }
  step(`copied the ${captions.size} captions files the videos name`)
  const published = publishedDates(out)
  const dates = writePageDates(staging, published, day)
  fresh &&= Object.values(dates).every((d) => d.date === day)
  const same = Object.entries(dates).filter(([route, d]) => published[route]?.text === d.text)
  step(`dated ${Object.keys(dates).length} pages (${same.length} with the text last published)`)
  const meetingPage = content.pages.find((p) => p.blocks.some((b) => b.kind === 'meetings'))
  const pageUrl = new URL(routeHref(meetingPage?.route ?? '/'), SITE_URL).href
  const calendar = meetingCalendar(content.registries.schedule, {
    host: new URL(SITE_URL).hostname,
    stamp: dates[routeHref(meetingPage?.route ?? '/')]?.date ?? day,
    name: `${content.registries.site.organization}: Board meetings`,
    pageUrl,
  })
  writeFileSync(join(staging, CALENDAR_PATH), calendar)
  // The news feed, written by each (daily) build, so new entries appear on their day.
  writeFileSync(join(staging, FEED_PATH), atomFeed(content, day))
  step(`wrote ${CALENDAR_PATH} (${content.registries.schedule.length} meetings) and ${FEED_PATH}`)
  const indexed = await buildSearchIndex(staging, [...content.registries.documents.values()])
  step(`search index of ${indexed.pages} pages and ${indexed.documents} documents`)
  const hashes = { styleHashes: inlined.hashes, scriptHashes: scripts.hashes }
  const rules = headerRules(hashes, searchPageHref(content))
  writeFileSync(join(staging, '_headers'), writeHeadersFile(rules))
  step('wrote _headers for the host')
  const site = { name: content.registries.site.name, baseUrl: SITE_URL }
  const settings = siteEditorSettings(process.env, site)
  fresh &&= JSON.stringify(settings) === JSON.stringify(siteEditorSettings({}, site))
  const editor = await bundleSiteEditor(staging, settings, inlined.stylesheets)
  step(editor.log.join('; '))
  const nginx = siteNginxConfig(content, { ...hashes, editorScriptHashes: editor.scriptHashes })
  writeFileSync(join(buildDir, 'nginx.conf'), nginx)
  step('wrote build/nginx.conf')
} catch (error) {
  console.error(`\nThe export could not be finished; out/ is unchanged.\n${String(error)}`)
  process.exit(1)
}

// 4. Swap: the new export replaces the old one in one step.
const previous = join(buildDir, 'previous-out')
rmSync(previous, { recursive: true, force: true })
if (existsSync(out)) renameSync(out, previous)
renameSync(staging, out)
rmSync(previous, { recursive: true, force: true })
step(`put the site in out/ (${content.pages.length} pages)`)
// 5. What it was built from, for the rehearsal (tools/rehearse/rehearse.ts), or nothing.
const same = fresh && tree !== undefined && committedTree(root, written) === tree
if (!SITE_OUT_DIR) writeBuiltFrom(root, same ? { tree, day } : undefined)
