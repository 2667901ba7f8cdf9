import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { filesIn } from '#tools/export/files.ts'

/** The route files of a Pages Functions folder (.ts), relative to it. */
export function functionFiles(dir: string): string[] {
  return filesIn(dir).filter((file) => file.endsWith('.ts'))
}

/**
 * Bundles every function of `from` into `to` as one JavaScript module each,
 * at the same path (functions/api/auth.ts → api/auth.js, so the routes stay
 * the same), with what it imports from the working copy. Returns the files.
 */
export function bundleFunctions(from: string, to: string): string[] {
  const files = functionFiles(from)
  for (const file of files)
    buildSync({
      entryPoints: [join(from, file)],
      outfile: join(to, file.replace(/\.ts$/, '.js')),
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'error',
    })
  return files
}
