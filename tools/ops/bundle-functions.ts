import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildSync } from 'esbuild'

/** The .ts files of a Pages Functions folder, relative to it. */
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
 * Is this file a route? Pages makes one only of a file that exports a
 * handler (onRequest, onRequestGet…), as wrangler reads its exports; a
 * module the routes share (functions/sign-in.ts) is not one.
 */
function isRoute(file: string): boolean {
  const { metafile } = buildSync({ entryPoints: [file], write: false, metafile: true })
  const exports = Object.values(metafile.outputs).flatMap((output) => output.exports)
  return exports.some((name) => /^onRequest(Get|Post|Put|Patch|Delete|Options|Head)?$/.test(name))
}

/**
 * Bundles every route of `from` into `to` as one JavaScript module each,
 * at the same path (functions/api/auth.ts → api/auth.js, so the routes stay
 * the same), with what it imports from the working copy. Returns the files.
 */
export function bundleFunctions(from: string, to: string): string[] {
  const files = functionFiles(from).filter((file) => isRoute(join(from, file)))
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
