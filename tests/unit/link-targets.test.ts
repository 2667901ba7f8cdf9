import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { collectTargets } from '#tools/links/check-links.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { edit, fixtureCopy } from '../helpers/content.ts'

describe('collectTargets', () => {
  const dir = fixtureCopy()
  // One address used twice counts once, with both uses.
  edit(dir, 'data/links.yaml', 'https://district2.example.org/', 'https://www.nfpa.org/tips.pdf')
  const targets = collectTargets(readContentSource(dir))

  it('finds the addresses of documents, meeting records, links, videos and forms, once each', () => {
    const files = new Set(targets.flatMap((t) => t.uses.map((u) => u.file)))
    expect([...files].map((f) => f.replace(dir, '')).sort()).toEqual([
      '/data/documents.yaml',
      '/data/forms.yaml',
      '/data/links.yaml',
      '/data/meetings/2026.yaml',
      '/data/videos.yaml',
    ])
    const urls = targets.map((t) => t.url)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls.every((url) => url.startsWith('https://'))).toBe(true)
    expect(
      targets.find((t) => t.url === 'https://www.nfpa.org/tips.pdf')!.uses.map((u) => u.id)
    ).toEqual(['nfpa', 'district-2'])
  })

  it('refuses content with errors, pointing at the content check', () => {
    const broken = fixtureCopy()
    edit(broken, 'data/links.yaml', 'type: pdf', 'type: paper')
    expect(() => collectTargets(readContentSource(broken))).toThrow(/npm run check:content/)
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
