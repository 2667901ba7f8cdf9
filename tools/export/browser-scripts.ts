import { build } from 'vite'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'

/**
 * Bundles each of the browser scripts (lib/browser-scripts/catalog.ts) from
 * lib/client into `outDir`, small and minified, with Vite (already installed
 * for the tests). Each bundle is a plain script with no imports.
 */
export async function bundleBrowserScripts(outDir = 'public') {
  for (const [name, script] of Object.entries(BROWSER_SCRIPTS)) {
    await build({
      configFile: false,
      logLevel: 'warn',
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
