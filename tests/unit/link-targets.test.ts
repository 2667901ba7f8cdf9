import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { collectTargets } from '@/lib/build/link-targets'

describe('collectTargets', () => {
  const targets = collectTargets(join(process.cwd(), 'content'))

  it('finds the addresses of documents, links, videos and forms, once each', () => {
    const files = new Set(targets.flatMap((t) => t.uses.map((u) => u.file)))
    expect([...files].sort()).toEqual([
      'content/data/documents.yaml',
      'content/data/forms.yaml',
      'content/data/links.yaml',
      'content/data/videos.yaml',
    ])
    const urls = targets.map((t) => t.url)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls.every((url) => url.startsWith('https://'))).toBe(true)
  })

  it('points every use at the line that holds the address, with the entry id', () => {
    const text = new Map<string, string[]>()
    for (const target of targets) {
      for (const use of target.uses) {
        if (!text.has(use.file)) text.set(use.file, readFileSync(use.file, 'utf8').split('\n'))
        const line = text.get(use.file)![use.line! - 1]
        expect(line, `${use.file}:${use.line}`).toContain(target.url)
        expect(use.id).toMatch(/^[a-z0-9-]+$/)
      }
    }
  })
})
