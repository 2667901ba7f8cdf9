import { describe, expect, it } from 'vitest'
import { syntheticContent } from '#tools/bench/synthetic-content.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { FIXTURE } from '../helpers/content.ts'

// The scale benchmark's made-up content must be valid content, or the
// benchmark would time a failing check instead of a build.
describe('synthetic content for the scale benchmark', () => {
  it('passes the content check, with the pages, documents and menus asked for', () => {
    const { content, problems } = checkContent(readContentSource(syntheticContent(30, FIXTURE)))
    expect(problems.filter((p) => p.severity === 'error')).toEqual([])
    const synthetic = content!.pages.filter((p) => p.route.startsWith('/synthetic-page-'))
    expect(synthetic).toHaveLength(30)
    expect(
      [...content!.registries.documents.keys()].filter((id) => id.startsWith('synthetic-'))
    ).toHaveLength(300)
    expect(content!.registries.navigation.main.filter((i) => 'items' in i).length).toBeGreaterThan(
      3
    )
  })
})
