import { Cued } from '#components/Cue.tsx'
import type { LinkEntry } from '#lib/content/schemas.ts'
import { linkCue } from '#lib/labels.ts'

/** External links (the `@links` line), each saying what opens and who publishes it. */
export function LinkList({ links }: { links: LinkEntry[] }) {
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
