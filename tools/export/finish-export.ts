import { copyFileSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inlineStylesheets } from '#tools/export/inline-css.ts'
import { addBrowserScriptIntegrity } from '#tools/export/script-integrity.ts'
import { buildSearchIndex } from '#tools/export/search-index.ts'
import { stripRuntime } from '#tools/export/strip-runtime.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { writeHeadersFile } from '#lib/headers/cloudflare.ts'
import { headerRules, searchPageHref } from '#lib/headers/rules.ts'
import { CAPTIONS_PATH } from '#lib/routes.ts'

/**
 * Turns Next's export in `dir` into the site: plain HTML with its CSS
 * inlined (the framework's scripts removed), its browser scripts allowed by
 * hash, the captions files, the search index and the headers file for the host. Returns what it did, for the build log.
 */
export async function finishExport(
  dir: string,
  content: SiteContent,
  contentDir: string
): Promise<{
  log: string[]
  styleHashes: string[]
  scriptHashes: string[]
  stylesheets: string[]
}> {
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
  let started = performance.now()
  const stripped = stripRuntime(dir)
  const strippedIn = seconds(started)
  const inlined = inlineStylesheets(dir)
  // The site editor is built later, into its own folder, with its own policy.
  const scripts = addBrowserScriptIntegrity(dir, () => false)
  const captions = copyCaptions(dir, content, contentDir)
  started = performance.now()
  const indexed = await buildSearchIndex(dir, content)
  const indexedIn = seconds(started)
  writeFileSync(
    join(dir, '_headers'),
    writeHeadersFile(
      headerRules(
        { styleHashes: inlined.hashes, scriptHashes: scripts.hashes },
        searchPageHref(content)
      )
    )
  )
  return {
    styleHashes: inlined.hashes,
    scriptHashes: scripts.hashes,
    stylesheets: inlined.stylesheets,
    log: [
      `${stripped.pages} pages made plain HTML; removed ${stripped.scriptsRemoved} scripts and ` +
        `${stripped.preloadsRemoved} script preloads; deleted ${stripped.filesDeleted} framework files in ${strippedIn}`,
      `the stylesheet is inlined in ${inlined.pages} pages (${inlined.hashes.length} hash in the policy)`,
      `${scripts.hashes.length} browser scripts allowed by their hash, loaded by ${scripts.tags} script tags with the same integrity`,
      `search index of ${indexed.pages} pages and ${indexed.documents} documents in ${indexedIn}`,
      `${captions} captions files, each named by a video`,
      'wrote _headers for the host',
    ],
  }
}

/**
 * Copies exactly the captions files the videos name (the content check has
 * read each as WebVTT), and nothing else from content/captions. Returns how many.
 */
function copyCaptions(dir: string, content: SiteContent, contentDir: string): number {
  const names = [...content.registries.videos.values()].flatMap((v) => v.captions ?? [])
  const target = join(dir, CAPTIONS_PATH)
  for (const name of new Set(names)) {
    const source = join(contentDir, 'captions', name)
    // Checked already; a file swapped for a link since then is still refused.
    if (!lstatSync(source).isFile()) throw new Error(`${source} is not a plain file`)
    mkdirSync(target, { recursive: true })
    copyFileSync(source, join(target, name))
  }
  return new Set(names).size
}
