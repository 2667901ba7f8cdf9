import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { filesIn, sha256Source } from '#tools/shared/files.ts'

// The one stylesheet goes into every page as a <style> block, so the first paint waits for no
// second request; the policy allows exactly these blocks by their hash, never 'unsafe-inline'.

const STYLESHEET = /<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)"[^>]*>/g

export function styleHashesIn(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256Source(m[1]!))
}

export const htmlFiles = (dir: string) =>
  filesIn(dir).flatMap((file) => (file.endsWith('.html') ? [join(dir, file)] : []))

// Puts the stylesheets' text in place of every page's links to them; returns the hashes for the
// policy and the stylesheets' addresses (the files stay: the editor's preview links them).
export function inlineStylesheets(outDir: string) {
  const cache = new Map<string, string>()
  const hashes = new Set<string>()
  let pages = 0
  for (const file of htmlFiles(outDir)) {
    const html = readFileSync(file, 'utf8')
    const inlined = html.replace(STYLESHEET, (_, href: string) => {
      const css = cache.get(href) ?? readFileSync(join(outDir, href), 'utf8')
      cache.set(href, css)
      if (css.includes('</style')) throw new Error(`${href} holds "</style" and cannot be inlined`)
      hashes.add(sha256Source(css))
      return `<style>${css}</style>`
    })
    if (inlined !== html) {
      writeFileSync(file, inlined)
      pages += 1
    }
  }
  return { pages, hashes: [...hashes].sort(), stylesheets: [...cache.keys()].sort() }
}
