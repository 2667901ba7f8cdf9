import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PageBody as PageBodyType } from '#components/PageBody.tsx'
import type { Block } from '#lib/content/blocks.ts'
import { fixture, registries } from './fixture-content.ts'

// Every block renders from the data it carries: no file system, no
// registries read behind the component's back. This is what lets the
// editor's preview render pages in the browser. The test data is loaded
// first; then PageBody is imported with the file system taken away.

let PageBody: typeof PageBodyType
beforeAll(async () => {
  vi.resetModules()
  for (const name of ['node:fs', 'fs', 'node:fs/promises'])
    vi.doMock(name, () => {
      throw new Error(`PageBody's modules import ${name}`)
    })
  ;({ PageBody } = await import('#components/PageBody.tsx'))
  vi.doUnmock('node:fs')
})

const every: Block[] = [
  { kind: 'html', html: '<p>Hello</p>' },
  { kind: 'video', video: registries.videos.get('fire-is-fast')! },
  { kind: 'form', form: registries.forms.get('application')!, contact: registries.site },
  { kind: 'document', documents: [registries.documents.get('budget-2019')!] },
  {
    kind: 'documents',
    kinds: ['audit'],
    documents: [registries.documents.get('audit-2020')!],
    headingLevel: 2,
  },
  { kind: 'fees', schedule: 'inspection', inspection: registries.fees.inspection },
  {
    kind: 'fees',
    schedule: 'card',
    cardFees: registries.fees.cardFees,
    ordinance: registries.documents.get('ordinance')!,
  },
  { kind: 'links', links: [registries.links.get('nfpa')!] },
  { kind: 'tiles', tiles: [{ label: 'Fees tile', href: '/fees/', newTab: false }] },
  { kind: 'contact', contact: registries.site },
  { kind: 'diagram', diagram: 'smoke-alarm-ceiling', ceilingDistance: '4 to 6 inches' },
  { kind: 'page-index', pages: fixture.pages },
  {
    kind: 'estimator',
    rules: { tiers: registries.fees.inspection.tiers, methods: [], holidays: [] },
    holidays: [],
  },
  { kind: 'search' },
  { kind: 'videos-without-captions', gaps: [] },
]

describe('PageBody', () => {
  it('renders every kind of block from its props alone', () => {
    const { container } = render(<PageBody page={{ layout: 'standard', blocks: every }} />)
    expect(screen.getByText('Hello')).toBeInTheDocument()
    expect(container.querySelector('video')).not.toBeNull()
    expect(container.querySelector('iframe[title="Inspection application"]')).not.toBeNull()
    expect(screen.getByRole('link', { name: '2019 budget (PDF)' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '2020' })).toBeInTheDocument()
    expect(screen.getAllByRole('table')).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'NFPA tips (PDF)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fees tile' })).toBeInTheDocument()
    expect(container.querySelector('address')).toHaveTextContent(registries.site.email)
    expect(screen.getByRole('img', { name: /smoke alarm on the ceiling/i })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Test home' })).toBeInTheDocument()
    expect(container.querySelector('[data-estimator]')).not.toBeNull()
    expect(container.querySelector('[data-search]')).not.toBeNull()
    expect(
      screen.getByText('Every video on this site has captions and descriptions.')
    ).toBeInTheDocument()
  })

  it('draws tick boxes for a checklist page', () => {
    const { container } = render(
      <PageBody page={{ layout: 'checklist', blocks: every.slice(0, 1) }} />
    )
    expect(container.firstElementChild).toHaveClass('layout-checklist')
  })
})

describe('the list of videos without captions', () => {
  it('names each video and links the pages that show it', () => {
    const video = registries.videos.get('reading')!
    render(
      <PageBody
        page={{
          layout: 'standard',
          blocks: [
            {
              kind: 'videos-without-captions',
              gaps: [
                {
                  video,
                  missing: ['captions', 'descriptions'],
                  pages: [{ route: '/lessons', title: 'Lessons' }],
                },
              ],
            },
          ],
        }}
      />
    )
    expect(screen.getByRole('listitem')).toHaveTextContent(
      '“A reading”: no captions and no descriptions (on Lessons)'
    )
    expect(screen.getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', '/lessons/')
  })
})
