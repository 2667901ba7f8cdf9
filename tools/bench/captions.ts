// `npm run bench:captions`: a clerk's own time to caption and describe the test video (its words
// and moments known: tests/fixtures/media) in the captions workshop, by the keystroke model of
// content/README.md ("Captions and descriptions, step by step"), as a multiple of its length.
// Goal: at most 5 times. Card, Moran and Newell's model: 0.28 s a key (a typist of 40 words a
// minute), 1.35 s to think before each line; the video plays once and waits while the clerk types.
import { readFileSync } from 'node:fs'

type Line = { text: string }
const video = JSON.parse(readFileSync('tests/fixtures/media/captions-test.json', 'utf8')) as {
  duration: number
  said: Line[]
  seen: Line[]
}
// Each line typed with its Enter; a description starts with "Seen: ".
const keys = [...video.said, ...video.seen.map((l) => ({ text: `Seen: ${l.text}` }))].map(
  (line) => line.text.length + 1
)
const seconds = video.duration + keys.length * 1.35 + keys.reduce((a, b) => a + b, 0) * 0.28
console.log(
  `the test video (${video.duration} s): ${keys.length} lines, ${keys.reduce((a, b) => a + b, 0)} keys, ${seconds.toFixed(0)} s to caption and describe: ${(seconds / video.duration).toFixed(1)} times its length`
)
