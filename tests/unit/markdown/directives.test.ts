import { describe, expect, it } from 'vitest'
import { registries } from '../../components/fixture-content.ts'
import { errorOf, html, render } from './render.ts'

describe('@ lines', () => {
  it('split the text around embeds, in order, each carrying its data', () => {
    const blocks = render(
      'Intro\n\n@video fire-is-fast\n\nMiddle\n\n@form application\n\n@fees inspection\n\n@fees card\n\n@document budget-2019 budget-2020\n\n@documents budget audit\n\n@links nfpa\n\n@tiles main\n\n@contact\n\n@diagram smoke-alarm-ceiling\n\n@page-index\n\n@estimator\n\n@search\n\nEnd'
    )
    expect(blocks.map((b) => b.kind)).toEqual([
      'html',
      'video',
      'html',
      'form',
      'fees',
      'fees',
      'document',
      'documents',
      'links',
      'tiles',
      'contact',
      'diagram',
      'page-index',
      'estimator',
      'search',
      'html',
    ])
    const [, video, , form, inspection, card, document, documents, links, tiles] = blocks
    expect(video).toMatchObject({ video: registries.videos.get('fire-is-fast') })
    expect(form).toMatchObject({
      form: registries.forms.get('application'),
      contact: registries.site,
    })
    expect(inspection).toEqual({
      kind: 'fees',
      schedule: 'inspection',
      inspection: registries.fees.inspection,
    })
    expect(card).toMatchObject({ ordinance: registries.documents.get('ordinance') })
    expect(document).toEqual({
      kind: 'document',
      documents: ['budget-2019', 'budget-2020'].map((id) => registries.documents.get(id)),
    })
    expect(documents).toMatchObject({ kinds: ['budget', 'audit'], headingLevel: 2 })
    expect(documents?.kind === 'documents' && documents.documents.map((d) => d.id).sort()).toEqual([
      'audit-2020',
      'budget-2019',
      'budget-2020',
    ])
    expect(links).toEqual({ kind: 'links', links: [registries.links.get('nfpa')] })
    expect(tiles).toEqual({
      kind: 'tiles',
      tiles: [{ label: 'Fees', href: '/fees/', newTab: false, description: undefined }],
    })
  })

  it('nest a document list under the heading before it', () => {
    const levels = render(
      '## Election results\n\n@documents budget\n\n### Older\n\n@documents audit'
    )
      .filter((b) => b.kind === 'documents')
      .map((b) => b.kind === 'documents' && b.headingLevel)
    expect(levels).toEqual([3, 4])
  })

  it('leave a line that merely starts with @ in a sentence alone', () => {
    expect(html('Write to @bureau on social media, or call.')).toContain('@bureau on social media')
  })

  it('name the line of a bad @ line, and suggest what was meant', () => {
    expect(errorOf('Intro\n\n@video fire-is-fats')).toBe(
      'pages/test.md:8: "@video" refers to unknown id "fire-is-fats"; it is not in content/data/videos.yaml. Did you mean "fire-is-fast"?'
    )
    expect(errorOf('@documents budgets')).toContain(
      'unknown kind "budgets". Did you mean "budget"?'
    )
    expect(errorOf('@tiles mian')).toContain(
      'not under "tiles" in this page\'s frontmatter. Did you mean "main"?'
    )
    expect(errorOf('@vidoe fire-is-fast')).toContain(
      'unknown @ line "@vidoe". Did you mean "video"?'
    )
    expect(errorOf('@video fire-is-fast reading')).toContain('takes one id')
    expect(errorOf('@contact now')).toContain('takes nothing after it')
  })

  it('list the videos without captions where the accessibility statement asks', () => {
    const gaps = [
      {
        video: registries.videos.get('reading')!,
        missing: ['captions' as const],
        pages: [{ route: '/x', title: 'X' }],
      },
    ]
    expect(render('@videos-without-captions', { captionGaps: gaps })).toEqual([
      { kind: 'videos-without-captions', gaps },
    ])
  })
})
