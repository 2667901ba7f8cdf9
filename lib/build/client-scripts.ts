import { build } from 'vite'
import { SITE_SCRIPTS } from '@/lib/site-scripts'

/**
 * Bundles each of the site's own scripts (lib/site-scripts.ts) from
 * lib/client into `outDir`, small and minified, with Vite (already installed
 * for the tests). Each bundle is a plain script with no imports.
 */
export async function buildClientScripts(outDir = 'public') {
  for (const [name, script] of Object.entries(SITE_SCRIPTS)) {
    await build({
      configFile: false,
      logLevel: 'warn',
      resolve: { alias: { '@': process.cwd() } },
      build: {
        outDir,
        emptyOutDir: false,
        minify: true,
        target: 'es2020',
        copyPublicDir: false,
        lib: {
          entry: script.entry,
          formats: ['iife'],
          name: `bureau_${name.replaceAll('-', '_')}`,
          fileName: () => script.src.slice(1),
        },
      },
    })
  }
}
