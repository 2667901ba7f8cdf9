import { Cued } from '#components/Cue.tsx'
import type { ReactNode } from 'react'

type NewTabLinkProps = { href: string; children: ReactNode; className?: string; hrefLang?: string }

/** A link that opens in a new tab (only where the spec asks), saying so in its name. */
export function NewTabLink({ href, children, className, hrefLang }: NewTabLinkProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      hrefLang={hrefLang}
    >
      <Cued words={children} cue="opens in a new tab" className="text-[0.85em] font-normal" />
    </a>
  )
}
