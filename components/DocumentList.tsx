import { DocumentButton } from '#components/DocumentButton.tsx'
import type { DocumentEntry } from '#lib/content/schemas.ts'

type DocumentListProps = {
  /** The documents to list; they are grouped by year, newest year first. */
  documents: DocumentEntry[]
  /** Kinds in the order they appear within a year. */
  kinds: DocumentEntry['kind'][]
  /** The level of the year headings, one below the heading above the list. */
  headingLevel?: 2 | 3 | 4
}

/** Groups documents by year, newest first; undated ones come last. */
export function groupByYear(documents: DocumentEntry[], kinds: DocumentEntry['kind'][]) {
  const groups = new Map<number | undefined, DocumentEntry[]>()
  const sorted = [...documents].sort(
    (a, b) => (b.year ?? -1) - (a.year ?? -1) || kinds.indexOf(a.kind) - kinds.indexOf(b.kind)
  )
  for (const doc of sorted) groups.set(doc.year, [...(groups.get(doc.year) ?? []), doc])
  return [...groups.entries()].map(([year, docs]) => ({ year, documents: docs }))
}

/** What a list says while the registry holds no document of its kinds. */
export const NO_DOCUMENTS = 'None published yet.'

/**
 * A year-by-year list of district documents (the `@documents` line). With no
 * documents of its kinds yet, it says so, so a heading above it is never left
 * standing over nothing.
 */
export function DocumentList({ documents, kinds, headingLevel = 2 }: DocumentListProps) {
  if (documents.length === 0) return <p className="my-6">{NO_DOCUMENTS}</p>
  const Heading = `h${headingLevel}` as const
  return (
    <div className="my-6 space-y-8">
      {groupByYear(documents, kinds).map(({ year, documents: docs }) => {
        const headingId = `documents-${kinds.join('-')}-${year ?? 'other'}`
        return (
          <section key={year ?? 'other'} aria-labelledby={headingId}>
            <Heading id={headingId} className="text-2xl font-bold text-brand-dark">
              {year ?? 'Other documents'}
            </Heading>
            <ul className="mt-3 space-y-2">
              {docs.map((doc) => (
                <li key={doc.id}>
                  <DocumentButton document={doc} variant="link" />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
