import { CaptionGaps } from '#components/CaptionGaps.tsx'
import { ContactCard } from '#components/ContactCard.tsx'
import { DocumentButton } from '#components/DocumentButton.tsx'
import { DocumentList } from '#components/DocumentList.tsx'
import { ExternalFormFrame } from '#components/ExternalFormFrame.tsx'
import { FeeEstimator } from '#components/FeeEstimator.tsx'
import { FeeTable } from '#components/FeeTable.tsx'
import { LinkList } from '#components/LinkList.tsx'
import { MarkdownBody } from '#components/MarkdownBody.tsx'
import { MeetingList, NextMeeting } from '#components/Meetings.tsx'
import { PageIndex } from '#components/PageIndex.tsx'
import { SearchPanel } from '#components/SearchPanel.tsx'
import { SmokeAlarmDiagram } from '#components/SmokeAlarmDiagram.tsx'
import { TileGrid } from '#components/TileGrid.tsx'
import { VideoEmbed } from '#components/VideoEmbed.tsx'
import type { Block } from '#lib/content/blocks.ts'
import type { PageFrontmatter } from '#lib/content/page-schemas.ts'

type PageBodyProps = {
  page: Pick<PageFrontmatter, 'layout'> & { blocks: Block[] }
  trackSrc?: (file: string) => string
}

/** A page's blocks: Markdown text, and each `@` line through its component, from props alone. */
export function PageBody({ page, trackSrc }: PageBodyProps) {
  // A video far down the page (a lesson's, after its notes) gets a way to it from the top.
  const video = page.blocks.findIndex((block) => block.kind === 'video')
  const first = page.blocks[video]
  return (
    <div className={page.layout === 'checklist' ? 'layout-checklist' : undefined}>
      {video > 1 && first?.kind === 'video' ? (
        <p className="mb-6">
          <a href={`#video-${first.video.id}`}>Go to the video: “{first.video.title}”</a>
        </p>
      ) : null}
      {page.blocks.map((block, i) => (
        <BlockView key={i} block={block} trackSrc={trackSrc} />
      ))}
    </div>
  )
}

function BlockView({ block, trackSrc }: { block: Block } & Pick<PageBodyProps, 'trackSrc'>) {
  switch (block.kind) {
    case 'html':
      return <MarkdownBody html={block.html} />
    case 'video':
      return <VideoEmbed {...block} trackSrc={trackSrc} />
    case 'form':
      return <ExternalFormFrame form={block.form} contact={block.contact} />
    case 'document':
      return (
        <ul className="my-6 flex list-none flex-wrap gap-3 p-0">
          {block.documents.map((doc) => (
            <li key={doc.id}>
              <DocumentButton document={doc} />
            </li>
          ))}
        </ul>
      )
    case 'documents':
      return <DocumentList {...block} />
    case 'fees':
      return <FeeTable {...block} />
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
    case 'meetings':
      return <MeetingList {...block} />
    case 'next-meeting':
      return <NextMeeting {...block} />
    case 'videos-without-captions':
      return <CaptionGaps gaps={block.gaps} />
  }
}
