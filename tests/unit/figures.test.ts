import { describe, expect, it } from 'vitest'
import { loadContent } from '#tests/helpers/content.ts'
import type { Page } from '#lib/content/index.ts'
import { edit, fixtureCopy, put } from '../helpers/content.ts'

// A figure that appears on several pages comes from one place: changing it
// in a registry changes every page, table and token that shows it.

const text = (page: Page) =>
  page.blocks.map((b) => (b.kind === 'html' ? b.html : JSON.stringify(b))).join('\n')

describe('figures', () => {
  it('follow the registries: a changed value reaches every page that shows it', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/more.md',
      '---\nroute: /more\ntitle: More\ndescription: A second page that shows the same figures as the fees page.\nsection: about\n---\n\nCO alarms last {{fact:co-alarm-life}}. The fee is {{fee:standard}}.\n'
    )
    const before = loadContent(dir)
    edit(dir, 'data/facts.yaml', 'co-alarm-life: 7 years', 'co-alarm-life: 9 years')
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: 47.50')
    const after = loadContent(dir)

    expect(text(before.byRoute.get('/more')!)).toContain('7 years')
    expect(text(after.byRoute.get('/more')!)).toContain(
      'CO alarms last 9 years. The fee is $47.50.'
    )
    expect(text(after.byRoute.get('/fees')!)).toContain('The fee is $47.50')
    // The fee table reads the registry too.
    const table = after.byRoute.get('/fees')!.blocks.find((b) => b.kind === 'fees')
    expect(table).toMatchObject({ inspection: { tiers: [{ amount: 47.5 }, {}, {}] } })
  })
})
