import { describe, expect, it } from 'vitest'
import { initSite } from '#lib/browser-scripts/site.ts'

// The shared behaviour is in every page script; a page with two of them
// (the estimator and search on one page) must start it once only, or each
// menu would answer every key and click twice.

describe('the shared site behaviour', () => {
  it('starts once per page, however many of its scripts include it', () => {
    document.body.innerHTML = '<details data-menu="dropdown"><summary>Menu</summary></details>'
    const newWindow = () =>
      ({
        requestAnimationFrame: () => 0,
        setTimeout: () => 0,
        addEventListener: () => {},
      }) as unknown as Window
    const page = newWindow()
    expect(initSite(document, page)).toBe(true)
    expect(initSite(document, page)).toBe(false)
    // The next page (a new window) starts it again.
    expect(initSite(document, newWindow())).toBe(true)
  })
})
