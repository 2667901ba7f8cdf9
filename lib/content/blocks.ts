import type {
  DocumentEntry,
  Fees,
  FormEntry,
  Holiday,
  LinkEntry,
  PageFrontmatter,
  Site,
  VideoEntry,
} from '#lib/content/schemas.ts'
import type { EstimatorRules } from '#lib/fee-estimate.ts'

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

export type CaptionGap = { video: VideoEntry; pages: Pick<IndexedPage, 'route' | 'title'>[] }

export type Block =
  | { kind: 'html'; html: string }
  | { kind: 'video'; video: VideoEntry; transcriptHtml?: string }
  | { kind: 'form'; form: FormEntry; contact: Site }
  | { kind: 'document'; documents: DocumentEntry[] }
  | {
      kind: 'documents'
      kinds: DocumentEntry['kind'][]
      documents: DocumentEntry[]
      headingLevel: 2 | 3 | 4
    }
  | { kind: 'fees'; schedule: 'inspection'; inspection: Fees['inspection'] }
  | { kind: 'fees'; schedule: 'card'; cardFees: Fees['cardFees']; ordinance: DocumentEntry }
  | { kind: 'links'; links: LinkEntry[] }
  | { kind: 'tiles'; tiles: ResolvedTile[] }
  | { kind: 'contact'; contact: Site }
  | { kind: 'diagram'; diagram: DiagramId; ceilingDistance: string }
  | { kind: 'page-index'; pages: IndexedPage[] }
  | { kind: 'estimator'; rules: EstimatorRules; holidays: Holiday[] }
  | { kind: 'search' }
  | { kind: 'videos-without-captions'; gaps: CaptionGap[] }
