// npm run build:browser-scripts: bundles each browser script (lib/browser-scripts/catalog.ts) into
// public/ as a small, minified plain script with no imports, with Vite. The build calls it too.
import { build } from 'vite'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'

export async function bundleBrowserScripts(outDir = 'public') {
  for (const [name, script] of Object.entries(BROWSER_SCRIPTS))
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: false,
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

if (import.meta.main) await bundleBrowserScripts()
