// Bundles the site's one script (lib/client/site.ts) into public/site.js,
// small and minified, with Vite (already installed for the tests).
import { build } from 'vite'

await build({
  configFile: false,
  logLevel: 'warn',
  resolve: { alias: { '@': process.cwd() } },
  build: {
    outDir: 'public',
    emptyOutDir: false,
    minify: true,
    target: 'es2020',
    copyPublicDir: false,
    lib: {
      entry: 'lib/client/site.ts',
      formats: ['iife'],
      name: 'bureauSite',
      fileName: () => 'site.js',
    },
  },
})
