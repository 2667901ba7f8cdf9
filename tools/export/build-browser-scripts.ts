// npm run build:browser-scripts: bundles the browser scripts into public/ (the
// build does this itself; this is for working on the scripts alone).
import { bundleBrowserScripts } from '#tools/export/browser-scripts.ts'

await bundleBrowserScripts()
