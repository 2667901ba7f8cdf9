// npm run bench:brackets: CPU time of the Markdown check on runs of brackets 10,000 to 200,000
// characters long, which took it minutes before it counted them (lib/content/markdown/index.ts).
// Goal: time grows with the length, not with its square.
import { renderMarkdown } from '#lib/content/markdown/index.ts'

const RUNS: Record<string, (n: number) => string> = {
  '[ repeated': (n) => '['.repeat(n),
  'a] repeated': (n) => 'a]'.repeat(n / 2),
  'links closed in a run of [': (n) => `${'['.repeat(n / 8)}${'x](/a)'.repeat(n / 8)}`,
  'links, accepted': (n) => '[a](/a) '.repeat(n / 8),
}
const [routes, today] = [new Set(['/a']), '2026-01-01']
const context = { file: 'b.md', lineOffset: 0, routes, pages: [], captionGaps: [], today }

for (const [name, make] of Object.entries(RUNS))
  for (const n of [10_000, 50_000, 100_000, 200_000]) {
    const [text, before] = [make(n), process.cpuUsage()]
    let outcome = 'accepted'
    try {
      renderMarkdown(text, context)
    } catch {
      outcome = 'refused'
    }
    const { user, system } = process.cpuUsage(before)
    const seconds = ((user + system) / 1e6).toFixed(3)
    console.log(
      `${name.padEnd(26)} ${String(text.length).padStart(7)}: ${outcome}, ${seconds} CPU s`
    )
  }
