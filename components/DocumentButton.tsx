import { documentHref, type DocumentEntry } from '#lib/content/schemas.ts'
import { Cued } from '#components/Cue.tsx'
import { documentCue } from '#lib/labels.ts'

/** A link to a file, drawn as a button, saying the file type (and language when not English). */
export function DocumentButton({ document }: { document: DocumentEntry }) {
  return (
    <a
      href={documentHref(document)}
      className="button-link"
      hrefLang={document.language === 'en' ? undefined : document.language}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 16 20"
        width="16"
        height="20"
        className="mt-1 shrink-0 fill-none stroke-current"
        strokeWidth="1.5"
      >
        <path d="M1 1h9l5 5v13H1z M10 1v5h5" />
      </svg>
      <span>
        <Cued words={document.title} cue={documentCue(document)} />
      </span>
    </a>
  )
}
