import { Cued } from '#components/Cue.tsx'
import type { LinkEntry } from '#lib/content/schemas.ts'
import { linkCue } from '#lib/labels.ts'

type LinkListProps = { links: LinkEntry[] }

/**
 * A list of external links (the `@links` line). Each says whether it opens
 * a website, a PDF or a video, and who publishes it.
 */
export function LinkList({ links }: LinkListProps) {
  return (
    <ul className="my-6 max-w-prose space-y-2 pl-0">
      {links.map((link) => (
        <li key={link.id} className="list-none">
          <a
            href={link.url}
            className="print-url"
            hrefLang={link.language === 'en' ? undefined : link.language}
          >
            <Cued words={link.label} cue={linkCue(link)} />
          </a>
          {link.publisher ? <span className="text-muted"> · {link.publisher}</span> : null}
        </li>
      ))}
    </ul>
  )
}
