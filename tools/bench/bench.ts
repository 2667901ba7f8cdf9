// npm run bench [-- --no-build --runs N --routes /a/,/b/]: Lighthouse (mobile, throttled as pages
// load) on every route, round by round, beside a floor page (PERFORMANCE.md). Goal: each
// route's LCP at most 1.25 x its round's floor in every round; the last line says PASS or FAIL.
import { execSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { kb, pageWeight, siteEditorWeight, siteEditorWeightLine } from '#tools/bench/weight.ts'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'

const out = join(process.cwd(), 'out')
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined
const RUNS = Number(option('--runs') ?? 3)
const GOAL_RATIO = 1.25
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })

const FLOOR = '/__bench-floor/'
const FLOOR_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title><meta name="description" content="The smallest page, for comparison with the site&#39;s pages."></head>' +
  '<body><main><h1>A heading</h1><p>One paragraph of text, the least a page can be, served by the same server with the same headers as every page of the site.</p></main></body></html>'
const headersFor = headersFromExport(out)
const handler = createStaticHandler(out, headersFor)
const server = createServer((req, res) => {
  if (req.url !== FLOOR) return handler(req, res)
  const type = { 'Content-Type': 'text/html; charset=utf-8' }
  return res.writeHead(200, { ...type, ...headersFor('/') }).end(FLOOR_HTML)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://localhost:${(server.address() as AddressInfo).port}`

const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8')
const routes =
  option('--routes')?.split(',') ??
  [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!).sort()

// chrome-launcher adds the flags that keep Chromium off the network; it finds Chromium itself too.
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})

type Run = { scores: number[]; lcpMs: number; tbtMs: number }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const roundOrder = [...routes.flatMap((route, i) => (i % 8 ? [route] : [FLOOR, route])), FLOOR]
/** Each route's loads, round by round (the floor has several a round), and Lighthouse's reports. */
const runs = new Map(
  roundOrder.map((route) => [route, Array.from({ length: RUNS }, (): Run[] => [])])
)
const full: Record<string, unknown[]> = {}
try {
  // Round by round, so a slow moment of the machine spreads over all routes.
  for (let round = 0; round < RUNS; round++) {
    for (const route of roundOrder) {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        throttlingMethod: 'devtools',
        onlyCategories: CATEGORIES,
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`)
      const { categories, audits } = result.lhr
      const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN)
      runs.get(route)![round]!.push({
        scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
      })
      ;(full[route] ??= []).push(result.lhr)
      process.stdout.write('.')
    }
  }
} finally {
  await chrome.kill()
  server.close()
}

/** The median of the figures recorded (Lighthouse sometimes fails to record a trace). */
const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}
const floorRuns = runs.get(FLOOR)!
const floorLoads = floorRuns.map((loads) => loads.map((r) => r.lcpMs))
const roundFloors = floorLoads.map(median)
const tbtMs = median(floorRuns.flat().map((r) => r.tbtMs))
const floor = { lcpMs: median(floorLoads.flat()), tbtMs, roundFloors, floorLoads }
const rows = routes.map((route) => {
  const loads = runs.get(route)!.map(([run]) => run!)
  const ratios = loads
    .map((run, round) => run.lcpMs / roundFloors[round]!)
    .filter((r) => !Number.isNaN(r))
  return {
    route,
    ...pageWeight(out, join(route, 'index.html')),
    scores: CATEGORIES.map((_, i) => median(loads.map((run) => run.scores[i]!))),
    lcpMs: median(loads.map((run) => run.lcpMs)),
    tbtMs: median(loads.map((run) => run.tbtMs)),
    worstRatio: ratios.length ? Math.max(...ratios) : NaN,
  }
})
const admin = siteEditorWeight(out)
mkdirSync('bench-results', { recursive: true })
const results = { date: new Date(), runs: RUNS, floor, rows, admin, lighthouse: full }
writeFileSync('bench-results/lighthouse.json', JSON.stringify(results))

const ratio = (value: number) => (value / floor.lcpMs).toFixed(2)
const floorRounds = floorLoads.map(
  (loads, i) =>
    `${roundFloors[i]} ms (${Math.min(...loads)}-${Math.max(...loads)}, ${loads.length} loads)`
)
console.log(
  `\n\nMedians of ${RUNS} runs, applied throttling. Floor page: LCP ${floor.lcpMs} ms, TBT ${floor.tbtMs} ms; ` +
    `each round's floor (median of its loads): ${floorRounds.join(', ')}.\n` +
    'route | page KB gz (HTML with its CSS) | JS KB gz | perf | a11y | best | SEO | LCP ms | LCP / floor | worst run / its floor | TBT ms'
)
for (const r of rows) {
  const figures = [kb(r.html + r.css), kb(r.js), ...r.scores, r.lcpMs, ratio(r.lcpMs)]
  console.log([r.route, ...figures, r.worstRatio.toFixed(2), r.tbtMs].join(' | '))
}
const lowest = CATEGORIES.map((name, i) => `${name} ${Math.min(...rows.map((r) => r.scores[i]!))}`)
const lcps = rows.map((r) => r.lcpMs)
const tbts = rows.map((r) => r.tbtMs)
console.log(
  `\n${rows.length} routes. Lowest scores: ${lowest.join(', ')}. ` +
    `LCP ${Math.min(...lcps)} to ${Math.max(...lcps)} ms (floor ${floor.lcpMs} ms; at most ${ratio(Math.max(...lcps))} x the floor). ` +
    `TBT 0 ms on ${tbts.filter((t) => t === 0).length} of ${rows.length} routes, at most ${Math.max(...tbts)} ms. ` +
    `Heaviest page ${kb(Math.max(...rows.map((r) => r.total)))} KB gzip.\n${siteEditorWeightLine(admin)}`
)
const failed = rows.flatMap((r) => runs.get(r.route)!.flat()).filter((r) => Number.isNaN(r.lcpMs))
if (failed.length)
  console.log(`${failed.length} Lighthouse runs recorded no trace; each median is of the others.`)
console.log('Full results: bench-results/lighthouse.json')
const over = rows.filter((r) => !(r.worstRatio <= GOAL_RATIO))
console.log(
  over.length === 0
    ? `PASS: every route's LCP was at most ${GOAL_RATIO} x the floor's in each of its ${RUNS} runs (worst ${Math.max(...rows.map((r) => r.worstRatio)).toFixed(2)}).`
    : `FAIL: ${over.length} of ${rows.length} routes went over ${GOAL_RATIO} x the floor's LCP in a run (or recorded none): ` +
        over.map((r) => `${r.route} ${r.worstRatio.toFixed(2)}`).join(', ')
)
process.exitCode = over.length ? 1 : 0
