// Characters that cannot be seen, in file text and in values read from it (YAML escapes "\u202E",
// references &#x202E;): control and format characters, line and paragraph separators, what Unicode
// draws as nothing. Line ends, tabs (page text has its rule) and the joiners of emoji (👩‍🚒 ❤️) pass.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu
const EMOJI_SELECTOR = /(?<=\p{Emoji})[\u{FE0E}\u{FE0F}]/gu
const NAMES: Record<number, string> = {
  0x00: 'a NUL character',
  0x0d: 'a carriage return',
  0x1b: 'an escape character',
  0xad: 'a soft hyphen',
  0x034f: 'a combining grapheme joiner',
  0x115f: 'a Hangul filler',
  0x1160: 'a Hangul filler',
  0x200b: 'a zero width space',
  0x200c: 'a zero width non-joiner',
  0x200d: 'a zero width joiner',
  0x200e: 'a left-to-right mark',
  0x200f: 'a right-to-left mark',
  0x2028: 'a line separator',
  0x2029: 'a paragraph separator',
  0x202e: 'a right-to-left override',
  0x2060: 'a word joiner',
  0x3164: 'a Hangul filler',
  0xfeff: 'a zero width no-break space',
  0xffa0: 'a Hangul filler',
}

export const HIDDEN_ADVICE =
  'Characters like this are invisible and can hide or reverse text; delete it (if you cannot see it, retype the line)'

/** The invisible characters of `text` but line ends and tabs, each with its index and name ('a … (U+202E)'). */
export function hiddenCharacters(text: string) {
  const allowed = new Set(
    [...text.matchAll(EMOJI_JOINER), ...text.matchAll(EMOJI_SELECTOR)].map((m) => m.index)
  )
  return [...text.matchAll(HIDDEN)]
    .filter((m) => !'\t\n'.includes(m[0]) && !allowed.has(m.index))
    .map(({ 0: char, index }) => {
      const code = char.codePointAt(0)!
      const hex = code.toString(16).toUpperCase().padStart(4, '0')
      return {
        char,
        index,
        what: `${NAMES[code] ?? 'an invisible formatting character'} (U+${hex})`,
      }
    })
}
