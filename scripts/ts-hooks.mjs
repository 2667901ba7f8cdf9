// Module hooks used by register-ts.mjs. Type checking is not done here
// (`npm run typecheck` does it); this only strips types, with the Oxc
// transformer that ships in rolldown (Vite's bundler): it starts in a tenth
// of the time the TypeScript compiler takes to load, which every npm script
// and every test that runs one pays.
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve as resolvePath } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { transform } from 'rolldown/utils'

const root = resolvePath(dirname(fileURLToPath(import.meta.url)), '..')

/** The file a project import points at: as written, or with .ts/.tsx/index.ts added. */
function candidate(base) {
  for (const path of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(path) && statSync(path).isFile()) return pathToFileURL(path).href
  }
  return null
}

export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@/')) {
    const found = candidate(resolvePath(root, specifier.slice(2)))
    if (found) return { url: found, shortCircuit: true }
  }
  if (
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    context.parentURL?.startsWith('file:')
  ) {
    const found = candidate(fileURLToPath(new URL(specifier, context.parentURL)))
    if (found) return { url: found, shortCircuit: true }
  }
  return next(specifier, context)
}

export async function load(url, context, next) {
  if (/\.tsx?$/.test(url) && !url.includes('/node_modules/')) {
    const file = fileURLToPath(url)
    const { code, errors } = await transform(file, await readFile(file, 'utf8'), {
      target: 'es2022',
      jsx: { runtime: 'automatic' },
    })
    if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`)
    return { format: 'module', source: code, shortCircuit: true }
  }
  return next(url, context)
}
