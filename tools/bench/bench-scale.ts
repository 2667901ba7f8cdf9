// npm run bench:scale [-- 100 1000 3000]: how the content check, the build
// and the search index grow with the content. For each size it writes
// synthetic content (the real content plus that many made-up pages, ten
// documents per page and three more menus) to a temporary folder, builds it
// into a temporary folder (out/ is left alone), and prints the times and
// bytes per page. Both temporary folders are removed after each size.
// Goals: growth close to linear; 1,000 pages checked in 5 s and built in 2 min.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { syntheticContent } from '#tools/bench/synthetic-content.ts'
import { htmlFiles } from '#tools/export/inline-css.ts'

const sizes = process.argv.slice(2).map(Number).filter(Boolean)
if (sizes.length === 0) sizes.push(100, 1000, 3000)

function run(args: string[], env: Record<string, string>) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [...args], {
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const seconds = (performance.now() - started) / 1000
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`)
  return { seconds, stdout: result.stdout }
}

const stepTime = (log: string, pattern: RegExp) => Number(pattern.exec(log)?.[1] ?? NaN)

type Row = {
  pages: number
  documents: number
  check: number
  build: number
  next: number
  index: number
  htmlKb: number
  gzipKb: number
}
const rows: Row[] = []
for (const pages of sizes) {
  const contentDir = syntheticContent(pages)
  const out = mkdtempSync(join(tmpdir(), `scale-out-${pages}-`))
  try {
    const check = run(['tools/export/check-content.ts'], { CONTENT_DIR: contentDir })
    const build = run(['tools/export/build.ts'], {
      CONTENT_DIR: contentDir,
      SITE_OUT_DIR: relative(process.cwd(), out),
    })
    const files = htmlFiles(out)
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0)
    const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0)
    const row: Row = {
      pages: files.length,
      documents: stepTime(build.stdout, /search index of \d+ pages and (\d+) documents/),
      check: check.seconds,
      build: build.seconds,
      next: stepTime(build.stdout, /Next\.js exported the pages in ([\d.]+) s/),
      index: stepTime(build.stdout, /search index of .* in ([\d.]+) s/),
      htmlKb: bytes / files.length / 1024,
      gzipKb: gzip / files.length / 1024,
    }
    rows.push(row)
    console.log(
      `${pages} pages: check ${row.check.toFixed(1)} s, build ${row.build.toFixed(1)} s ` +
        `(Next ${row.next} s, search index ${row.index} s)`
    )
  } finally {
    for (const dir of [contentDir, out]) rmSync(dir, { recursive: true, force: true })
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
console.log(
  '\npages | documents | check s | build s | of which Next s | search index s | build ms/page | HTML KB/page | gzip KB/page'
)
for (const r of rows) {
  console.log(
    [
      r.pages,
      r.documents,
      fmt(r.check),
      fmt(r.build),
      fmt(r.next),
      fmt(r.index),
      fmt((r.build * 1000) / r.pages, 0),
      fmt(r.htmlKb),
      fmt(r.gzipKb),
    ].join(' | ')
  )
}
if (rows.length > 1) {
  const [first, last] = [rows[0]!, rows.at(-1)!]
  const growth = (key: 'check' | 'build') => last[key] / first[key] / (last.pages / first.pages)
  console.log(
    `\nFrom ${first.pages} to ${last.pages} pages (x${fmt(last.pages / first.pages)}): ` +
      `check time grew x${fmt(last.check / first.check)}, build time x${fmt(last.build / first.build)} ` +
      `(1.0 = linear per page: check ${fmt(growth('check'), 2)}, build ${fmt(growth('build'), 2)}).`
  )
}
