import webvtt from 'webvtt-parser'

// Captions files: structure and timings by the W3C's own parser (webvtt-parser); cue
// text may hold only WebVTT's own tags and escapes, and lines not shown no markup at all.

type CaptionsProblem = { line?: number; message: string }

const TAG_LIST = '<b>, <i>, <u>, <c>, <v>, <lang>, <ruby> and <rt>'
/** A WebVTT tag or cue timestamp: classes are plain words; only <v> and <lang> take words after a space. */
const CLASSES = '(?:\\.[\\w-]+)*'
const WEBVTT_TAG = new RegExp(
  `^<(?:(?:b|i|u|c|ruby|rt)${CLASSES}|v${CLASSES}(?:[ \\t][^<>"=\`]*)?|lang${CLASSES}[ \\t][\\w-]+|/(?:b|i|u|c|v|lang|ruby|rt)|\\d{2,}:\\d{2}:\\d{2}\\.\\d{3}|\\d{2}:\\d{2}\\.\\d{3})>$`
)
const ESCAPE = /^&(?:amp|lt|gt|lrm|rlm|nbsp);/

export function webvttProblems(input: string): CaptionsProblem[] {
  const parsed = new webvtt.WebVTTParser().parse(input, 'subtitles')
  if (parsed.errors.some((e) => e.message.startsWith('No valid signature')))
    // Nothing after a wrong first line is worth reading as WebVTT.
    return [
      {
        line: 1,
        message:
          'is not a WebVTT captions file: its first line must be WEBVTT. Export the captions as WebVTT (.vtt)',
      },
    ]
  const problems: CaptionsProblem[] = []
  const add = (line: number | undefined, message: string) => problems.push({ line, message })
  for (const { message, line } of parsed.errors) {
    // Cue text is checked below, line by line.
    if (/tag|annotation|<v>|escape/i.test(message)) continue
    if (/timestamp|separator|digits|seconds|minutes|Milliseconds/i.test(message))
      add(
        line,
        `has a cue timing that is not right: ${message} Timings look like 00:00:01.000 --> 00:00:04.000`
      )
    else add(line, `is not valid WebVTT here: ${message}`)
  }
  // Cue text runs from the line after a timing up to a blank line.
  let inCue = false
  for (const [i, text] of input.split('\n').entries()) {
    const line = i + 1
    const cue = inCue && text.trim() !== ''
    if (text.trim() === '') inCue = false
    else if (!inCue && text.includes('-->')) inCue = true
    // The WEBVTT line, NOTE blocks, cue names and timings are never shown.
    if (!cue && /[<>]/.test(text.replaceAll('-->', '')))
      add(
        line,
        'has "<" or ">" outside the captions text (in the WEBVTT line, a NOTE, a cue name or a timing). Nothing there is shown, so it needs no markup: delete it'
      )
    if (!cue) continue
    for (const [tag] of text.matchAll(/<[^>]*>?/g))
      if (!WEBVTT_TAG.test(tag))
        add(
          line,
          `has markup that captions cannot use (${JSON.stringify(tag)}). Captions text may use only WebVTT's own tags: ${TAG_LIST}`
        )
    for (const match of text.matchAll(/&/g))
      if (!ESCAPE.test(text.slice(match.index)))
        add(line, 'has an "&" on its own. Write &amp; for "&" (and &lt; for "<") in captions')
  }
  if (parsed.styles.length > 0)
    add(
      undefined,
      "has a STYLE block. Captions on this site use the site's own look: delete the STYLE block"
    )
  return problems
}
