import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import { groupUses, type LinkTarget, type LinkUse } from '@/lib/build/link-check'
import { displayPath } from '@/lib/content/errors'

/**
 * The outside addresses content/ uses, one target per distinct address with
 * every file, line and id that uses it. A simple reading of the list
 * registries: the `url` field of every entry, and `captions` on videos.
 */
const SOURCES: readonly { file: string; fields: readonly string[] }[] = [
  { file: 'documents.yaml', fields: ['url'] },
  { file: 'links.yaml', fields: ['url'] },
  { file: 'videos.yaml', fields: ['url', 'captions'] },
  { file: 'forms.yaml', fields: ['url'] },
]

/** Every outside address in `contentDir` (the content/ folder). */
export function collectTargets(contentDir: string): LinkTarget[] {
  const uses: (LinkUse & { url: string })[] = []
  for (const source of SOURCES) {
    const path = join(contentDir, 'data', source.file)
    const file = displayPath(path)
    const lineCounter = new LineCounter()
    const doc = parseDocument(readFileSync(path, 'utf8'), { lineCounter })
    if (doc.errors.length) {
      throw new Error(`${file} is not valid YAML; run npm run check:content for details`)
    }
    if (!isSeq(doc.contents)) continue
    doc.contents.items.forEach((entry, index) => {
      if (!isMap(entry)) return
      const id = entry.get('id')
      for (const field of source.fields) {
        const node = entry.get(field, true)
        if (!isScalar(node) || typeof node.value !== 'string') continue
        const line = node.range ? lineCounter.linePos(node.range[0]).line : undefined
        uses.push({
          url: node.value,
          file,
          line,
          id: typeof id === 'string' ? id : `entry ${index + 1}`,
        })
      }
    })
  }
  return groupUses(uses)
}
