import { describe, expect, it } from 'vitest'
import type { Block } from '#lib/content/blocks.ts'
import { scriptsFor } from '#lib/browser-scripts/catalog.ts'

// Each page makes one script request: the shared script, or the one its
// blocks need, which includes the shared behaviour.

const blocks = (...kinds: Block['kind'][]) => kinds.map((kind) => ({ kind }))

describe('the scripts a page loads', () => {
  it('is the shared script alone on an ordinary page', () => {
    expect(scriptsFor(blocks('html', 'video', 'form'))).toEqual(['site'])
    expect(scriptsFor([])).toEqual(['site'])
  })

  it('is the estimator or search script alone, in place of the shared one', () => {
    expect(scriptsFor(blocks('html', 'estimator'))).toEqual(['estimator'])
    expect(scriptsFor(blocks('search', 'page-index'))).toEqual(['search'])
  })

  it('is both, and nothing else, on a page with the estimator and search', () => {
    expect(scriptsFor(blocks('search', 'estimator'))).toEqual(['estimator', 'search'])
  })
})
