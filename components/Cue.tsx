import type { ReactNode } from 'react'

type CuedProps = { words: ReactNode; cue: string; className?: string }

/**
 * A link's words and its cue, "(PDF)". Chromium's accessible name drops the space React writes alone
 * in `words<!-- --> <span>` ("report(PDF)"), so words that are only text end with the space.
 */
export function Cued({ words, cue, className = 'whitespace-nowrap' }: CuedProps) {
  const parts = [words].flat()
  return parts.every((w) => typeof w === 'string' || typeof w === 'number') ? (
    <>
      {`${parts.join('')} `}
      <span className={className}>({cue})</span>
    </>
  ) : (
    <>
      {words}
      <span className={className}>{` (${cue})`}</span>
    </>
  )
}
