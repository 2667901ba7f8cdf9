// `npm run bench:captions`: a clerk's time to caption and describe the test video in the workshop, as
// a multiple of its length (goal: at most 5), by content/README.md's keystroke model (Card, Moran and
// Newell): 0.28 s a key, 1.35 s to think before each line, the video played once.
import { readFileSync } from 'node:fs'

const video = JSON.parse(readFileSync('tests/fixtures/media/captions-test.json', 'utf8')) as {
  duration: number
  said: { text: string }[]
  seen: { text: string }[]
}
// Each line typed with its Enter; a description starts with "Seen: ".
const lines = [...video.said.map((l) => l.text), ...video.seen.map((l) => `Seen: ${l.text}`)]
const keys = lines.reduce((sum, line) => sum + line.length + 1, 0)
const seconds = video.duration + lines.length * 1.35 + keys * 0.28
console.log(
  `the test video (${video.duration} s): ${lines.length} lines, ${keys} keys, ${seconds.toFixed(0)} s to caption and describe: ${(seconds / video.duration).toFixed(1)} times its length (goal: at most 5)`
)
