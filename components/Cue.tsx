/**
 * The cue after a link's words, "(PDF)" or "(opens in a new tab)", with its
 * space inside: React writes `words<!-- --> <span>`, and Chromium's
 * accessible name drops a space that stands alone between the words and
 * the cue ("report(PDF)"). Inside the cue's element it is kept.
 */
export function Cue({ text, className }: { text: string; className?: string }) {
  return <span className={className}>{` (${text})`}</span>
}
