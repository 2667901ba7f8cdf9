import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import type { SiteEditorSettings } from '#site-editor/config.ts'
import { siteEditorCsp } from '#lib/headers/policies.ts'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'
import { addIntegrity } from '#tools/shared/files.ts'

// Builds the site editor (site-editor/, Decap CMS) into <export>/admin/ after the export is
// finished: the search index, the sitemap and the header file never see it.

export const UNSET_REPOSITORY = 'set-SITE_EDITOR_REPOSITORY/to-owner-and-name'
const UNSET_HINT =
  'site editor: set SITE_EDITOR_REPOSITORY (owner/name) to sign in with GitHub; npm run site-editor works'

type Env = Record<string, string | undefined>
type Site = { baseUrl: string; name: string }

/** The editor's settings from the build's environment (deploy/README.md). */
export function siteEditorSettings(env: Env, site?: Site): SiteEditorSettings {
  const authScope = env.SITE_EDITOR_AUTH_SCOPE || undefined
  if (authScope !== undefined && authScope !== 'repo' && authScope !== 'public_repo')
    throw new Error(`SITE_EDITOR_AUTH_SCOPE should be repo or public_repo, not "${authScope}"`)
  const apiRoot = env.SITE_EDITOR_API_ROOT || undefined
  if (apiRoot && !/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$))/.test(apiRoot))
    throw new Error(
      `SITE_EDITOR_API_ROOT should be an https address (or one on this machine), not "${apiRoot}"`
    )
  return {
    apiRoot,
    authScope,
    repository: env.SITE_EDITOR_REPOSITORY || env.GITHUB_REPOSITORY || UNSET_REPOSITORY,
    branch: env.SITE_EDITOR_BRANCH || 'main',
    authUrl: env.SITE_EDITOR_AUTH_URL || undefined,
    siteUrl: site?.baseUrl,
    siteName: site?.name,
  }
}

/** Builds the editor, its preview linking the site's `styles`; returns its log and script hashes. */
export async function bundleSiteEditor(
  exportDir: string,
  settings: SiteEditorSettings,
  styles: string[]
) {
  if (styles.length === 0) throw new Error('The export has no stylesheet for the editor preview')
  const shims = resolve('site-editor', 'shims')
  const outDir = resolve(exportDir, 'admin')
  await build({
    configFile: false,
    root: resolve('site-editor'),
    base: SITE_EDITOR_PATH,
    logLevel: 'error',
    define: {
      __SITE_EDITOR_SETTINGS__: JSON.stringify({ ...settings, styles }),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    resolve: {
      // See site-editor/shims: parts of Decap this site does not use that would need eval.
      alias: [
        { find: /^ajv$/, replacement: join(shims, 'ajv.ts') },
        { find: /^ajv-errors$/, replacement: join(shims, 'unused.ts') },
        { find: /^ajv-keywords\/dist\/keywords$/, replacement: join(shims, 'unused.ts') },
        { find: /^@iarna\/toml\/parse-string$/, replacement: join(shims, 'unused.ts') },
        { find: /^@jsquash\/webp$/, replacement: join(shims, 'unused.ts') },
        { find: /^ts-invariant$/, replacement: join(shims, 'ts-invariant.ts') },
        { find: /^esprima$/, replacement: join(shims, 'unused.ts') },
      ],
    },
    build: { outDir, emptyOutDir: true, target: 'es2020' },
  })
  // Its script tags get their integrity, and its policy their hashes, as on the pages.
  const page = join(outDir, 'index.html')
  const scripts = readFileSync(page, 'utf8').matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)
  const sources = Array.from(scripts, (m) => m[1]!)
  const { hashes } = addIntegrity(exportDir, [page], sources)
  const html = readFileSync(page, 'utf8')
  if (!hashes.length || !html.includes('%SITE_EDITOR_CSP%'))
    throw new Error(`${page} loads no script or has no policy to put their hashes in`)
  const policy = siteEditorCsp({ scriptHashes: hashes, githubApi: settings.apiRoot })
  writeFileSync(page, html.replace('%SITE_EDITOR_CSP%', policy))
  const files = readdirSync(join(outDir, 'assets')).length
  const { repository } = settings
  const log = [`site editor in ${SITE_EDITOR_PATH} (${files} files), saving to ${repository}`]
  if (repository === UNSET_REPOSITORY) log.push(UNSET_HINT)
  return { log, scriptHashes: hashes }
}
