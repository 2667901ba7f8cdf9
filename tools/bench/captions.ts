// `npm run bench:captions`: a clerk's own time to caption and describe a video in the captions
// workshop, by the keystroke model of content/README.md ("Captions and descriptions, step by
// step"), as a multiple of the video's length: the test video (tests/fixtures/media), whose words
// and moments are known, and a made-up three-minute lesson. Goal: at most 5 times.
import { readFileSync } from 'node:fs'

/** Card, Moran and Newell's keystroke-level model: a key (a 40-words-a-minute typist), and a thought. */
const KEY = 0.28
const THINK = 1.35
type Cue = { text: string; start: number; seen?: boolean }

/** Seconds: the video played once (it waits while the clerk types), each cue thought of and typed with its Enter, each change between said and seen a thought and a Tab. */
function clerk(length: number, cues: readonly Cue[]) {
  const sorted = [...cues].sort((a, b) => a.start - b.start)
  const changes = sorted.filter((cue, i) => !!cue.seen !== !!sorted[i - 1]?.seen).length
  const typing = sorted.reduce((sum, cue) => sum + THINK + KEY * (cue.text.length + 1), 0)
  return {
    cues: cues.length,
    keys: sorted.reduce((n, c) => n + c.text.length + 1, 0),
    once: length + typing + changes * (THINK + KEY),
  }
}

const test = JSON.parse(readFileSync('tests/fixtures/media/captions-test.json', 'utf8')) as {
  duration: number
  said: Cue[]
  seen: Cue[]
}
// Three minutes of narration at 120 words a minute in captions of 7 words (5.7 keys a word with
// its space), and a description of 8 words every 30 seconds.
const words = (n: number, start: number, seen?: boolean) => ({
  text: 'x'.repeat(n * 5.7 - 1),
  start,
  seen,
})
const lesson = [
  ...Array.from({ length: (180 * 120) / 60 / 7 }, (_, i) => words(7, i * 3.5)),
  ...Array.from({ length: 6 }, (_, i) => words(8, i * 30 + 1, true)),
]
for (const [name, length, cues] of [
  [
    'the test video',
    test.duration,
    [...test.said, ...test.seen.map((c) => ({ ...c, seen: true }))],
  ],
  ['a three-minute lesson (model)', 180, lesson],
] as const) {
  const { cues: n, keys, once } = clerk(length, cues)
  const checked = once + length
  console.log(
    `${name}: ${n} cues, ${keys} keys; ${once.toFixed(0)} s to caption (${(once / length).toFixed(1)}x its ${length.toFixed(0)} s), ${checked.toFixed(0)} s with a last look in the preview (${(checked / length).toFixed(1)}x)`
  )
}
