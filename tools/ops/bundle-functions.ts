import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildSync } from 'esbuild'

/** The route files of a Pages Functions folder (.ts), relative to it. */
export function functionFiles(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return functionFiles(path, base)
      return name.endsWith('.ts') ? [relative(base, path)] : []
    })
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
