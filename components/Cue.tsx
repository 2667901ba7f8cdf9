import type { ReactNode } from 'react'

/** The text of children that are only text ("open the ", title), or null. */
function textOf(words: ReactNode): string | null {
  if (typeof words === 'string' || typeof words === 'number') return String(words)
  if (Array.isArray(words) && words.every((w) => typeof w === 'string' || typeof w === 'number'))
    return words.join('')
  return null
}

type CuedProps = { words: ReactNode; cue: string; className?: string }

/**
 * A link's words and its cue, "(PDF)". React writes `words<!-- --> <span>`,
 * and Chromium's accessible name drops a space standing alone there
 * ("report(PDF)"), so the space ends the words' own text instead.
 */
export function Cued({ words, cue, className = 'whitespace-nowrap' }: CuedProps) {
  const text = textOf(words)
  return text === null ? (
    <>
      {words}
      <span className={className}>{` (${cue})`}</span>
    </>
  ) : (
    <>
      {`${text} `}
      <span className={className}>({cue})</span>
    </>
  )
}
