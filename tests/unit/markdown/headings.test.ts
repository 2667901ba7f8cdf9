import { describe, expect, it } from 'vitest'
import { Slugger } from '#lib/content/markdown/links.ts'
import { errorOf, html } from './render.ts'

describe('heading ids', () => {
  it('are lower case words joined by hyphens, without tokens or punctuation', () => {
    const slug = (heading: string) => new Slugger().slug(heading)
    expect(slug('Escape Plan / Home Fire Drills')).toBe('escape-plan-home-fire-drills')
    expect(slug('Fees: {{fee:standard}} or more!')).toBe('fees-or-more')
    expect(slug('¿?')).toBe('section')
  })

  it('are unique in a page, whatever the headings are', () => {
    const slugger = new Slugger()
    expect(['Tips', 'Tips 1', 'Tips', 'Tips 1'].map((t) => slugger.slug(t))).toEqual([
      'tips',
      'tips-1',
      'tips-2',
      'tips-1-1',
    ])
  })

  it('are set on the headings, with the sanitizer prefix', () => {
    expect(html('## Escape plan')).toBe('<h2 id="user-content-escape-plan">Escape plan</h2>')
  })

  it('refuse a heading repeated in a page, naming both lines', () => {
    expect(errorOf('## Tips\n\nText\n\n## Tips')).toBe(
      'pages/test.md:10: the heading "Tips" is already used on line 6 of this page. Give each heading its own words, so each has its own link.'
    )
  })

  it('refuse two headings that would get the same link', () => {
    expect(errorOf('## Tips\n\n### Tips!')).toMatch(
      /:8: the heading "Tips!" would get the same link \(#tips\) as the heading "Tips" on line 6/
    )
  })
})
