// npm run build: checks the content, then builds the whole site (and the
// site editor at /admin/) into a staging folder and only then puts it in
// out/. A failed build, at any step, leaves the previous out/ as it was.
// Also writes build/nginx.conf.
import { buildDay } from '#lib/content/alerts.ts'
import { spawnSync } from 'node:child_process'
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { siteEditorSettings, bundleSiteEditor } from '#tools/site-editor/bundle.ts'
import { bundleBrowserScripts } from '#tools/export/browser-scripts.ts'
import { finishExport } from '#tools/export/finish-export.ts'
import { CONTENT_DIR, readContentSource } from '#lib/content/disk.ts'
import { contentReport } from '#lib/content/report.ts'
import { checkContent } from '#lib/content/index.ts'
import { siteNginxConfig } from '#lib/headers/nginx.ts'
import { SITE_URL } from '#lib/site-address.ts'

const root = process.cwd()
const buildDir = join(root, 'build')
const staging = join(buildDir, 'staging')
// SITE_OUT_DIR builds elsewhere (the scale benchmark); the site itself goes to out/.
const out = join(root, process.env.SITE_OUT_DIR ?? 'out')
const step = (text: string) => console.log(`build: ${text}`)
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

// 1. The content, exactly as `npm run check:content` checks it.
let started = performance.now()
const { content, problems } = checkContent(readContentSource(), buildDay())
// Annotations on GitHub come from `npm run check:content`, which the checks run first.
const report = contentReport(problems)
if (!content) {
  console.error(`${report}\n\nNothing was built; out/ is unchanged.`)
  process.exit(1)
}
console.log(report)
step(`checked the content in ${seconds(started)}`)

// 2. The site's own scripts, then Next's static export into the staging folder.
started = performance.now()
await bundleBrowserScripts()
step(`built the shared browser scripts in ${seconds(started)}`)
started = performance.now()
rmSync(staging, { recursive: true, force: true })
const next = spawnSync(join(root, 'node_modules', '.bin', 'next'), ['build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', SITE_EXPORT_DIR: relative(root, staging) },
})
if (next.status !== 0) {
  console.error('\nThe Next.js build failed; out/ is unchanged.')
  process.exit(next.status ?? 1)
}
step(`Next.js exported the pages in ${seconds(started)}`)

// 3. Plain HTML, captions, search index and headers, still in staging; then
// the site editor, which the search index and the pages never see.
let hashes: { styleHashes: string[]; scriptHashes: string[]; editorScriptHashes: string[] }
try {
  const finished = await finishExport(staging, content, CONTENT_DIR)
  for (const line of finished.log) step(line)
  const settings = siteEditorSettings(process.env, {
    name: content.registries.site.name,
    baseUrl: SITE_URL,
  })
  const editor = await bundleSiteEditor(staging, settings, finished.stylesheets)
  for (const line of editor.log) step(line)
  hashes = { ...finished, editorScriptHashes: editor.scriptHashes }
} catch (error) {
  console.error(`\nThe export could not be finished; out/ is unchanged.\n${String(error)}`)
  process.exit(1)
}
writeFileSync(join(buildDir, 'nginx.conf'), siteNginxConfig(content, hashes))
step('wrote build/nginx.conf')

// 4. Swap: the new export replaces the old one in one step.
const previous = join(buildDir, 'previous-out')
rmSync(previous, { recursive: true, force: true })
if (existsSync(out)) renameSync(out, previous)
renameSync(staging, out)
rmSync(previous, { recursive: true, force: true })
step(`the site is in out/ (${content.pages.length} pages)`)
