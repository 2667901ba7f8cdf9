import { Cued } from '#components/Cue.tsx'
import type { ReactNode } from 'react'

type NewTabLinkProps = { href: string; children: ReactNode; className?: string }

/** A link that opens in a new tab (only where the spec asks), saying so in its name. */
export function NewTabLink({ href, children, className }: NewTabLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <Cued words={children} cue="opens in a new tab" className="text-[0.85em] font-normal" />
    </a>
  )
}
