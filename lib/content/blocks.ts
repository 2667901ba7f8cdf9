import type {
  DocumentEntry,
  Fees,
  FormEntry,
  Holiday,
  LinkEntry,
  sections,
  Site,
  VideoEntry,
} from '#lib/content/schemas.ts'
import type { EstimatorRules } from '#lib/fee-estimate.ts'

// A page body is a list of blocks: sanitized HTML from the Markdown, and the
// embeds that its `@` lines ask for. Each block carries the data its
// component needs, already looked up in the registries, so a component
// renders from its props alone (in the build, in tests and in the editor's
// preview). Each block kind is named after its `@` line.

export const diagramIds = ['smoke-alarm-levels', 'smoke-alarm-ceiling'] as const
export type DiagramId = (typeof diagramIds)[number]

/** A page as the site index lists it. */
export type IndexedPage = {
  route: string
  title: string
  description: string
  section: (typeof sections)[number]
}

/** A link tile after its target has been looked up. */
export type ResolvedTile = {
  label: string
  description?: string
  href: string
  /** Opens in a new tab (only where the specification asks for it). */
  newTab: boolean
  /** What opens, when it is not a page of this site: "PDF", "website". */
  cue?: string
}

/** A video that has no captions yet, and the pages that show it. */
export type CaptionGap = { video: VideoEntry; pages: Pick<IndexedPage, 'route' | 'title'>[] }

export type Block =
  | { kind: 'html'; html: string }
  | { kind: 'video'; video: VideoEntry; transcriptHtml?: string }
  | { kind: 'form'; form: FormEntry; contact: Site }
  | { kind: 'document'; documents: DocumentEntry[] }
  | {
      kind: 'documents'
      kinds: DocumentEntry['kind'][]
      /** Every registry document of these kinds (the list groups them by year). */
      documents: DocumentEntry[]
      /** One level below the heading above the list. */
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
