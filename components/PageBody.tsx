import { ContactCard } from '@/components/ContactCard'
import { DocumentButtons } from '@/components/DocumentButtons'
import { DocumentList } from '@/components/DocumentList'
import { ExternalFormFrame } from '@/components/ExternalFormFrame'
import { FeeEstimator } from '@/components/FeeEstimator'
import { FeeTable } from '@/components/FeeTable'
import { LinkList } from '@/components/LinkList'
import { MarkdownBody } from '@/components/MarkdownBody'
import { PageIndex } from '@/components/PageIndex'
import { SearchPanel } from '@/components/SearchPanel'
import { SmokeAlarmDiagram } from '@/components/SmokeAlarmDiagram'
import { TileGrid, type ResolvedTile } from '@/components/TileGrid'
import { VideoEmbed } from '@/components/VideoEmbed'
import { documentCue, linkCue } from '@/lib/labels'
import type { Block } from '@/lib/content/markdown'
import type { Registries } from '@/lib/content/registries'
import type { Tile } from '@/lib/content/schemas'
import type { Page, SiteContent } from '@/lib/content/site'
import { routeHref } from '@/lib/routes'

type PageBodyProps = { page: Page; content: SiteContent }

/**
 * Renders a page's blocks: Markdown text through MarkdownBody, and each
 * directive through its typed component. Ids were checked when the content
 * was loaded, so the lookups here always succeed.
 */
export function PageBody({ page, content }: PageBodyProps) {
  const { registries } = content
  return (
    <div className={page.layout === 'checklist' ? 'layout-checklist' : undefined}>
      {page.blocks.map((block, i) => (
        <BlockView key={i} block={block} page={page} content={content} registries={registries} />
      ))}
    </div>
  )
}

function BlockView({
  block,
  page,
  content,
  registries,
}: {
  block: Block
  page: Page
  content: SiteContent
  registries: Registries
}) {
  const get = <T,>(map: ReadonlyMap<string, T>, id: string): T => map.get(id)!
  switch (block.kind) {
    case 'html':
      return <MarkdownBody html={block.html} />
    case 'video':
      return <VideoEmbed video={get(registries.videos, block.id)} />
    case 'form':
      return <ExternalFormFrame form={get(registries.forms, block.id)} />
    case 'documents':
      return <DocumentButtons documents={block.ids.map((id) => get(registries.documents, id))} />
    case 'document-list':
      return (
        <DocumentList
          kinds={block.kinds}
          headingLevel={block.headingLevel}
          documents={[...registries.documents.values()].filter((d) => block.kinds.includes(d.kind))}
        />
      )
    case 'fees':
      return block.schedule === 'inspection' ? (
        <FeeTable schedule="inspection" fees={registries.fees} />
      ) : (
        <FeeTable
          schedule="card"
          fees={registries.fees}
          ordinance={get(registries.documents, registries.fees.cardFees.ordinance)}
        />
      )
    case 'links':
      return <LinkList links={block.ids.map((id) => get(registries.links, id))} />
    case 'tiles':
      return (
        <TileGrid
          tiles={(page.tiles?.[block.group] ?? []).map((t) => resolveTile(t, registries))}
        />
      )
    case 'contact':
      return <ContactCard site={registries.site} />
    case 'diagram':
      return (
        <SmokeAlarmDiagram
          id={block.id}
          ceilingDistance={String(registries.facts['ceiling-distance'] ?? '')}
        />
      )
    case 'page-index':
      return <PageIndex pages={content.pages} />
    case 'search':
      return <SearchPanel />
    case 'estimator':
      return (
        <FeeEstimator
          rules={{
            tiers: registries.fees.inspection.tiers,
            methods: registries.fees.cardFees.methods,
            holidays: registries.holidays.map((h) => h.date),
          }}
        />
      )
  }
}

function resolveTile(tile: Tile, registries: Registries): ResolvedTile {
  const base = { label: tile.label, description: tile.description }
  if ('route' in tile) return { ...base, href: routeHref(tile.route), newTab: tile.newTab }
  if ('link' in tile) {
    const link = registries.links.get(tile.link)!
    return { ...base, href: link.url, newTab: false, cue: linkCue(link) }
  }
  const doc = registries.documents.get(tile.document)!
  return { ...base, href: doc.url, newTab: false, cue: documentCue(doc) }
}
