import { CaptionGaps } from '@/components/CaptionGaps'
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
import { TileGrid } from '@/components/TileGrid'
import { VideoEmbed } from '@/components/VideoEmbed'
import type { Block } from '@/lib/content/blocks'
import type { PageFrontmatter } from '@/lib/content/schemas'

type PageBodyProps = {
  page: Pick<PageFrontmatter, 'layout'> & { blocks: Block[] }
}

/**
 * Renders a page's blocks: Markdown text through MarkdownBody, and each `@`
 * line through the component of the same name. Every block carries its own
 * data, so this renders from props alone (in the build, the tests and the
 * editor's preview).
 */
export function PageBody({ page }: PageBodyProps) {
  return (
    <div className={page.layout === 'checklist' ? 'layout-checklist' : undefined}>
      {page.blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </div>
  )
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'html':
      return <MarkdownBody html={block.html} />
    case 'video':
      return <VideoEmbed video={block.video} transcriptHtml={block.transcriptHtml} />
    case 'form':
      return <ExternalFormFrame form={block.form} contact={block.contact} />
    case 'document':
      return <DocumentButtons documents={block.documents} />
    case 'documents':
      return (
        <DocumentList
          documents={block.documents}
          kinds={block.kinds}
          headingLevel={block.headingLevel}
        />
      )
    case 'fees':
      return block.schedule === 'inspection' ? (
        <FeeTable schedule="inspection" inspection={block.inspection} />
      ) : (
        <FeeTable schedule="card" cardFees={block.cardFees} ordinance={block.ordinance} />
      )
    case 'links':
      return <LinkList links={block.links} />
    case 'tiles':
      return <TileGrid tiles={block.tiles} />
    case 'contact':
      return <ContactCard site={block.contact} />
    case 'diagram':
      return <SmokeAlarmDiagram id={block.diagram} ceilingDistance={block.ceilingDistance} />
    case 'page-index':
      return <PageIndex pages={block.pages} />
    case 'estimator':
      return <FeeEstimator rules={block.rules} holidays={block.holidays} />
    case 'search':
      return <SearchPanel />
    case 'videos-without-captions':
      return <CaptionGaps gaps={block.gaps} />
  }
}
