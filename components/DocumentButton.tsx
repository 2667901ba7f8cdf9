import { documentHref, type DocumentEntry } from '#lib/content/schemas.ts'
import { Cued } from '#components/Cue.tsx'
import { documentCue } from '#lib/labels.ts'

type DocumentButtonProps = {
  document: DocumentEntry
  variant?: 'button' | 'link'
  /** What the cue says, when more than the file type ("PDF, 1 of 2"). */
  cue?: string
  describedBy?: string
}

/** A link to a file, drawn as a button, saying the file type (and language when not English). */
export function DocumentButton({
  document,
  variant = 'button',
  cue = documentCue(document),
  describedBy,
}: DocumentButtonProps) {
  return (
    <a
      href={documentHref(document)}
      className={variant === 'button' ? 'button-link' : 'inline-flex items-start gap-2'}
      hrefLang={document.language === 'en' ? undefined : document.language}
      aria-describedby={describedBy}
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
        <Cued words={document.title} cue={cue} />
      </span>
    </a>
  )
}
