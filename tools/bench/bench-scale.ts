// npm run bench:scale [-- 100 1000 3000]: the content check and the build of the real content plus
// that many made-up pages (synthetic-content.ts) into a temporary folder, with times and bytes per
// page. Goals: growth close to linear; 1,000 pages checked in 5 s and built in 2 min.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { syntheticContent } from '#tools/bench/synthetic-content.ts'
import { htmlFiles } from '#tools/export/inline-css.ts'

const sizes = process.argv.slice(2).map(Number).filter(Boolean)
if (sizes.length === 0) sizes.push(100, 1000, 3000)

function run(script: string, env: Record<string, string>) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr.slice(-2000)}`)
  return { seconds: (performance.now() - started) / 1000, stdout: result.stdout }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const rows = []
for (const pages of sizes) {
  const contentDir = syntheticContent(pages)
  const out = mkdtempSync(join(tmpdir(), `scale-out-${pages}-`))
  try {
    const env = { CONTENT_DIR: contentDir }
    const check = run('tools/export/check-content.ts', env)
    const build = run('tools/export/build.ts', { ...env, SITE_OUT_DIR: relative('.', out) })
    const logged = (pattern: RegExp) => Number(pattern.exec(build.stdout)?.[1] ?? NaN)
    const files = htmlFiles(out)
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0)
    const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0)
    const row = {
      pages: files.length,
      documents: logged(/search index of \d+ pages and (\d+) documents/),
      check: check.seconds,
      build: build.seconds,
      next: logged(/Next\.js exported the pages in ([\d.]+) s/),
      index: logged(/search index of .* in ([\d.]+) s/),
      htmlKb: bytes / files.length / 1024,
      gzipKb: gzip / files.length / 1024,
    }
    rows.push(row)
    console.log(`${pages} pages: check ${fmt(row.check)} s, build ${fmt(row.build)} s`)
  } finally {
    for (const dir of [contentDir, out]) rmSync(dir, { recursive: true, force: true })
  }
}

console.log(
  '\npages | documents | check s | build s | of which Next s | search index s | build ms/page | HTML KB/page | gzip KB/page'
)
for (const r of rows) {
  const perPage = fmt((r.build * 1000) / r.pages, 0)
  const times = [r.check, r.build, r.next, r.index].map((n) => fmt(n))
  console.log([r.pages, r.documents, ...times, perPage, fmt(r.htmlKb), fmt(r.gzipKb)].join(' | '))
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
