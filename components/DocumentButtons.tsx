import { DocumentButton } from '#components/DocumentButton.tsx'
import type { DocumentEntry } from '#lib/content/schemas.ts'

type DocumentButtonsProps = { documents: DocumentEntry[] }

/** One or more document buttons side by side (the `@document` line). */
export function DocumentButtons({ documents }: DocumentButtonsProps) {
  return (
    <ul className="my-6 flex list-none flex-wrap gap-3 p-0">
      {documents.map((doc) => (
        <li key={doc.id}>
          <DocumentButton document={doc} />
        </li>
      ))}
    </ul>
  )
}
