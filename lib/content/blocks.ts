import type * as S from '#lib/content/schemas.ts'
import type { PageFrontmatter } from '#lib/content/page-schemas.ts'
import type { EstimatorRules } from '#lib/fee-estimate.ts'
import type { Cue } from '#lib/content/check.ts'

// A page body: sanitized HTML and the embeds its `@` lines ask for, their data looked up.

export const diagramIds = ['smoke-alarm-levels', 'smoke-alarm-ceiling'] as const
export type DiagramId = (typeof diagramIds)[number]

export type IndexedPage = Pick<PageFrontmatter, 'route' | 'title' | 'description' | 'section'>

export type ResolvedTile = {
  label: string
  description?: string
  href: string
  newTab: boolean
  /** What opens, when it is not a page of this site: "PDF", "website". */
  cue?: string
}

export type CaptionGap = {
  video: S.VideoEntry
  missing: ('captions' | 'descriptions')[]
  pages: Pick<IndexedPage, 'route' | 'title'>[]
}

export type Block =
  | { kind: 'html'; html: string }
  | { kind: 'video'; video: S.VideoEntry; transcriptHtml?: string; lines?: Cue[] }
  | { kind: 'form'; form: S.FormEntry; contact: S.Site }
  | { kind: 'document'; documents: S.DocumentEntry[] }
  | {
      kind: 'documents'
      kinds: S.DocumentEntry['kind'][]
      documents: S.DocumentEntry[]
      headingLevel: 2 | 3 | 4
    }
  | { kind: 'fees'; schedule: 'inspection'; inspection: S.Fees['inspection'] }
  | { kind: 'fees'; schedule: 'card'; cardFees: S.Fees['cardFees']; ordinance: S.DocumentEntry }
  | { kind: 'links'; links: S.LinkEntry[] }
  | { kind: 'tiles'; tiles: ResolvedTile[] }
  | { kind: 'contact'; contact: S.Site }
  | { kind: 'diagram'; diagram: DiagramId; ceilingDistance: string }
  | { kind: 'page-index'; pages: IndexedPage[] }
  | { kind: 'estimator'; rules: EstimatorRules; holidays: S.Holiday[] }
  | { kind: 'search' }
  | { kind: 'meetings'; meetings: S.ScheduledMeeting[] }
  /** The build's answer first; the browser shows a later one once the earlier have passed. */
  | { kind: 'next-meeting'; upcoming: S.ScheduledMeeting[]; usual: string }
  | { kind: 'videos-without-captions'; gaps: CaptionGap[] }
