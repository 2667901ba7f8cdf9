// npm run bench:brackets: CPU time of the Markdown check on runs of brackets 10,000 to 200,000
// characters long, which took it minutes before it counted them (lib/content/markdown/index.ts).
// Goal: time grows with the length, not with its square.
import { renderMarkdown } from '#lib/content/markdown/index.ts'

const [routes, today] = [new Set(['/a']), '2026-01-01']
const context = { file: 'b.md', lineOffset: 0, routes, pages: [], captionGaps: [], today }
// Each run: `open` k times, then `close` k times (links closed in a run of "[", and links accepted).
for (const [open, close] of [
  ['[', ''],
  ['a]', ''],
  ['[', 'x](/a)'],
  ['[a](/a) ', ''],
])
  for (const n of [10_000, 50_000, 100_000, 200_000]) {
    const k = Math.floor(n / (open!.length + close!.length))
    const [text, before] = [open!.repeat(k) + close!.repeat(k), process.cpuUsage()]
    let outcome = 'accepted'
    try {
      renderMarkdown(text, context)
    } catch {
      outcome = 'refused'
    }
    const { user, system } = process.cpuUsage(before)
    console.log(`"${open}" then "${close}" x${k}: ${outcome}, ${(user + system) / 1e6} CPU s`)
  }
