import { documentHref, type DocumentEntry } from '#lib/content/schemas.ts'
import { documentCue, listNoun } from '#lib/labels.ts'
import { plural } from '#lib/text.ts'

type DocumentListProps = {
  documents: DocumentEntry[]
  /** Kinds in the order they appear within a year. */
  kinds: DocumentEntry['kind'][]
  /** The level of the year headings, one below the heading above the list. */
  headingLevel?: 2 | 3 | 4
}

/** Groups documents by year, newest first; undated ones come last. */
function groupByYear(documents: DocumentEntry[], kinds: DocumentEntry['kind'][]) {
  const groups = new Map<number | undefined, DocumentEntry[]>()
  const sorted = [...documents].sort(
    (a, b) => (b.year ?? -1) - (a.year ?? -1) || kinds.indexOf(a.kind) - kinds.indexOf(b.kind)
  )
  for (const doc of sorted) groups.set(doc.year, [...(groups.get(doc.year) ?? []), doc])
  return [...groups.entries()].map(([year, docs]) => ({
    year,
    headingId: `documents-${kinds.join('-')}-${year ?? 'other'}`,
    documents: docs,
  }))
}

export const NO_DOCUMENTS = 'This site has none yet.'

export const YEAR_LINKS_FROM = 5

/** The first line of a list: how many documents this site has, and of which years. */
function listSummary(documents: DocumentEntry[]): string {
  const years = documents.flatMap((d) => (d.year === undefined ? [] : [d.year]))
  const [first, last] = [Math.min(...years), Math.max(...years)]
  const span =
    years.length === 0 ? '' : first === last ? `, from ${first}` : `, from ${first} to ${last}`
  const count = plural(documents.length, 'document')
  return `There ${documents.length === 1 ? 'is' : 'are'} ${count} here${span}, newest first.`
}

/** The cues of documents that share a title, so no two links say the same words: "PDF, 1 of 2". */
function cuesOf(documents: DocumentEntry[]): Map<string, string> {
  const cues = new Map<string, string>()
  for (const d of documents) {
    const same = documents.filter((other) => other.title === d.title)
    if (same.length > 1)
      cues.set(d.id, `${documentCue(d)}, ${same.indexOf(d) + 1} of ${same.length}`)
  }
  return cues
}

/** A year-by-year list of documents (`@documents`); with none, it says so under its heading. */
export function DocumentList({ documents, kinds, headingLevel = 2 }: DocumentListProps) {
  if (documents.length === 0) return <p className="my-6">{NO_DOCUMENTS}</p>
  const Heading = `h${headingLevel}` as const
  const groups = groupByYear(documents, kinds)
  const cues = cuesOf(documents)
  return (
    <div className="my-6 space-y-8">
      <div>
        <p>{listSummary(documents)}</p>
        {/* "Jump to a year": each link is named by its year and what the list holds ("2026 minutes"). */}
        {groups.length >= YEAR_LINKS_FROM ? (
          <>
            <p className="mt-3 font-semibold">Jump to a year:</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {groups.map(({ year, headingId }) => (
                <li key={headingId}>
                  <a href={`#${headingId}`}>
                    {year === undefined ? (
                      'Other documents'
                    ) : (
                      <>
                        {`${year} `}
                        <span className="sr-only">{listNoun(kinds)}</span>
                      </>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {groups.map(({ year, headingId, documents: docs }) => (
        // No name: a group, not a landmark. Drawn only once near the screen (year-list in globals.css).
        <section key={headingId} className="year-list">
          <Heading id={headingId} className="text-2xl font-bold text-brand-dark">
            {year ?? 'Other documents'}
          </Heading>
          {/* Plain links, each one text with its cue: a year list holds hundreds (PERFORMANCE.md). */}
          <ul className="mt-3 space-y-2">
            {docs.map((doc) => (
              <li key={doc.id}>
                <a
                  href={documentHref(doc)}
                  className="inline-block"
                  hrefLang={doc.language === 'en' ? undefined : doc.language}
                  aria-describedby={doc.note ? `note-${doc.id}` : undefined}
                >
                  {`${doc.title} (${cues.get(doc.id) ?? documentCue(doc)})`}
                </a>
                {doc.note ? (
                  <p id={`note-${doc.id}`} className="max-w-prose text-base">
                    {`Note: ${doc.note}`}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
