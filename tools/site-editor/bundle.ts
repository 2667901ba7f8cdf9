import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { build, type Plugin } from 'vite'
import type { SiteEditorSettings } from '#site-editor/config.ts'
import { siteEditorCsp } from '#lib/headers/policies.ts'
import { SITE_EDITOR_PATH } from '#lib/routes.ts'
import { addIntegrity } from '#tools/export/script-integrity.ts'

// Builds the site editor (site-editor/, Decap CMS) into <export>/admin/: an HTML
// page and hashed scripts and styles, bundled from node_modules (nothing is
// fetched from another site). It runs after the export is finished, so the
// search index, the sitemap and the header file never see the editor, and
// no public page loads any of it.

/** What the editor is set to save to when the build is not told the repository. */
export const UNSET_REPOSITORY = 'set-SITE_EDITOR_REPOSITORY/to-owner-and-name'

/**
 * The editor's settings from the environment of the build (see
 * deploy/README.md): SITE_EDITOR_REPOSITORY (owner/name; on GitHub Actions the
 * repository being built is the default), SITE_EDITOR_BRANCH, SITE_EDITOR_AUTH_URL and
 * SITE_EDITOR_AUTH_SCOPE (repo for a private repository). SITE_EDITOR_API_ROOT
 * points the editor at another GitHub API: only `npm run rehearse` sets it,
 * to its stand-in on this machine.
 */
export function siteEditorSettings(
  env: Record<string, string | undefined>,
  site?: { baseUrl: string; name: string }
): SiteEditorSettings {
  const scope = env.SITE_EDITOR_AUTH_SCOPE || undefined
  if (scope !== undefined && scope !== 'repo' && scope !== 'public_repo')
    throw new Error(`SITE_EDITOR_AUTH_SCOPE should be repo or public_repo, not "${scope}"`)
  const authScope = scope
  const apiRoot = env.SITE_EDITOR_API_ROOT || undefined
  if (
    apiRoot !== undefined &&
    !/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$))/.test(apiRoot)
  )
    throw new Error(
      `SITE_EDITOR_API_ROOT should be an https address (or one on this machine), not "${apiRoot}"`
    )
  return {
    ...(apiRoot ? { apiRoot } : {}),
    ...(authScope ? { authScope } : {}),
    repository: env.SITE_EDITOR_REPOSITORY || env.GITHUB_REPOSITORY || UNSET_REPOSITORY,
    branch: env.SITE_EDITOR_BRANCH || 'main',
    ...(env.SITE_EDITOR_AUTH_URL ? { authUrl: env.SITE_EDITOR_AUTH_URL } : {}),
    ...(site ? { siteUrl: site.baseUrl, siteName: site.name } : {}),
  }
}

/**
 * Decap's parts, resolved through decap-cms-app (the package the project
 * installs), so the editor gets the versions that release was made with.
 */
function decapParts(): Record<string, string> {
  const require = createRequire(import.meta.url)
  const app = dirname(require.resolve('decap-cms-app/package.json'))
  const from = createRequire(join(app, 'package.json'))
  const parts = Object.keys(
    (JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: object })
      .dependencies
  ).filter((name) => name.startsWith('decap-cms-'))
  return Object.fromEntries(
    parts.map((name) => [name, dirname(from.resolve(`${name}/package.json`))])
  )
}

/** Puts the editor's security policy into its page. */
function policyPlugin(settings: SiteEditorSettings): Plugin {
  return {
    name: 'site-editor-policy',
    transformIndexHtml: (html) =>
      html.replace('%SITE_EDITOR_CSP%', siteEditorCsp({ githubApi: settings.apiRoot })),
  }
}

/**
 * Builds the editor into `<exportDir>/admin`; its preview links `styles`,
 * the site's stylesheets. Returns what it did, for the build log, and the
 * hashes of its scripts, which its policy allows (and nothing else).
 */
export async function bundleSiteEditor(
  exportDir: string,
  settings: SiteEditorSettings,
  styles: string[]
): Promise<{ log: string[]; scriptHashes: string[] }> {
  if (styles.length === 0) throw new Error('The export has no stylesheet for the editor preview')
  const root = process.cwd()
  const shims = join(root, 'site-editor', 'shims')
  const outDir = resolve(exportDir, 'admin')
  await build({
    configFile: false,
    root: join(root, 'site-editor'),
    base: SITE_EDITOR_PATH,
    logLevel: 'error',
    publicDir: false,
    plugins: [policyPlugin(settings)],
    define: {
      __SITE_EDITOR_SETTINGS__: JSON.stringify({ ...settings, styles }),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    resolve: {
      alias: [
        ...Object.entries(decapParts()).map(([name, dir]) => ({
          find: new RegExp(`^${name}(?=/|$)`),
          replacement: dir,
        })),
        // See site-editor/shims: parts of Decap this site does not use that would need eval.
        { find: /^ajv$/, replacement: join(shims, 'ajv.ts') },
        { find: /^ajv-errors$/, replacement: join(shims, 'ajv-plugin.ts') },
        { find: /^ajv-keywords\/dist\/keywords$/, replacement: join(shims, 'ajv-plugin.ts') },
        { find: /^@iarna\/toml\/parse-string$/, replacement: join(shims, 'toml.ts') },
        { find: /^@jsquash\/webp$/, replacement: join(shims, 'webp.ts') },
        { find: /^ts-invariant$/, replacement: join(shims, 'ts-invariant.ts') },
        { find: /^esprima$/, replacement: join(shims, 'esprima.ts') },
      ],
    },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      // One chunk warning per build is noise: the editor is large and loaded by staff only.
      chunkSizeWarningLimit: 10_000,
    },
  })
  const scriptHashes = allowScriptsByHash(exportDir, join(outDir, 'index.html'), settings.apiRoot)
  const files = readdirSync(join(outDir, 'assets'))
  const log = [
    `site editor in ${SITE_EDITOR_PATH} (${files.length} files), saving to ${settings.repository}`,
    ...(settings.repository === UNSET_REPOSITORY
      ? [
          'site editor: set SITE_EDITOR_REPOSITORY (owner/name) to sign in with GitHub; npm run site-editor works',
        ]
      : []),
  ]
  return { log, scriptHashes }
}

/**
 * Gives the editor page's script tags their `integrity` and puts their
 * hashes in its policy in place of the site's address, as on the pages.
 */
function allowScriptsByHash(exportDir: string, page: string, githubApi?: string): string[] {
  const html = readFileSync(page, 'utf8')
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)
  if (sources.length === 0) throw new Error(`${page} loads no script`)
  const { hashes } = addIntegrity(exportDir, [page], sources)
  const withHashes = readFileSync(page, 'utf8').replace(
    `content="${siteEditorCsp({ githubApi })}"`,
    `content="${siteEditorCsp({ scriptHashes: hashes, githubApi })}"`
  )
  if (!withHashes.includes(hashes[0]!))
    throw new Error(`${page} has no policy to put the hashes in`)
  writeFileSync(page, withHashes)
  return hashes
}

/** Is the editor in this export? */
export const hasSiteEditor = (exportDir: string) =>
  existsSync(join(exportDir, 'admin', 'index.html'))
