// npm run bench: builds the site (unless --no-build), then measures every
// route with Lighthouse (mobile settings: slow 4G, 4x slower CPU) in the
// installed Chromium, serving the export with the production headers.
// Each route runs three times (--runs N) and the median counts. In the same
// run, a floor page (one heading and a paragraph, same server, same headers)
// is measured too, and every route's LCP and TBT are printed next to the
// floor's: on a noisy machine a ratio to the floor means more than a time.
// The goal is per run, not only in the median: in every round, each route's
// LCP is at most 1.25 x the floor's LCP of the same round; the last line says
// PASS or FAIL (and the exit code is 1 on FAIL). The floor of a round is the
// median of its floor loads, one before every 8 routes and one at the end
// (7 for 48 routes): a single load varies by about 10% here, and one unlucky
// floor load would move the line for every route of its round.
// The slow network and CPU are applied to the browser while the page loads
// (Lighthouse's "devtools" throttling), so the paint is measured as it
// happens. `--throttling simulated` uses Lighthouse's default instead: it
// loads the page at full speed and estimates the slow load from the trace;
// that estimate counts every request that ended before the paint as one the
// paint waited for (README, "Performance", says where that misleads here).
// Last, it prints the weight of the site editor at /admin/ (gzip bytes; no
// public page loads it). Options: --no-build, --runs N, --routes /a/,/b/,
// --throttling applied|simulated.
// Full results go to bench-results/lighthouse.json.
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { siteEditorWeight, siteEditorWeightLine } from '#tools/bench/editor-weight.ts'
import { pageWeight } from '#tools/bench/page-weight.ts'
import { createStaticHandler, headersFromExport } from '#tools/serve/static-server.ts'

const root = process.cwd()
const out = join(root, 'out')
const option = (name: string) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}
const RUNS = Number(option('--runs') ?? 3)
/** Lighthouse's names for the two ways of slowing the load down. */
const THROTTLING_METHODS = { applied: 'devtools', simulated: 'simulate' } as const
const throttling = option('--throttling') ?? 'applied'
if (!(throttling in THROTTLING_METHODS)) {
  console.error(`--throttling is "applied" (the default) or "simulated", not "${throttling}".`)
  process.exit(2)
}
const THROTTLING_METHOD = THROTTLING_METHODS[throttling as keyof typeof THROTTLING_METHODS]

if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })

/** The floor: the least a page can be, served like every other page. */
const FLOOR_PATH = '/__bench-floor/'
const FLOOR_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title><meta name="description" content="The smallest page, for comparison with the site&#39;s pages."></head>' +
  '<body><main><h1>A heading</h1><p>One paragraph of text, the least a page can be, served by the same server with the same headers as every page of the site.</p></main></body></html>'

const headersFor = headersFromExport(out)
const handler = createStaticHandler(out, headersFor)
const server = createServer((req, res) => {
  if (req.url === FLOOR_PATH) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headersFor('/') })
    res.end(FLOOR_HTML)
    return
  }
  handler(req, res)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://localhost:${(server.address() as AddressInfo).port}`

const routes =
  option('--routes')?.split(',') ??
  [
    ...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(
      /<loc>https:\/\/[^/]+(\/[^<]*)<\/loc>/g
    ),
  ]
    .map((m) => m[1]!)
    .sort()

const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})

type Run = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
}
/** How many routes are measured between two loads of the floor page. */
const FLOOR_EVERY = 8
/** One round: the floor page before every FLOOR_EVERY routes, and once more at the end. */
const roundOrder = [
  ...routes.flatMap((route, i) => (i % FLOOR_EVERY === 0 ? [FLOOR_PATH, route] : [route])),
  FLOOR_PATH,
]
const runs = new Map<string, Run[]>()
/** The floor page's loads, round by round. */
const floorLoads: Run[][] = []
const full: Record<string, unknown[]> = {}
try {
  // Round by round, so a slow moment of the machine spreads over all routes.
  for (let round = 0; round < RUNS; round++) {
    floorLoads.push([])
    for (const route of roundOrder) {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        throttlingMethod: THROTTLING_METHOD,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`)
      const { categories, audits } = result.lhr
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
      const run: Run = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      }
      if (route === FLOOR_PATH) floorLoads[round]!.push(run)
      else runs.set(route, [...(runs.get(route) ?? []), run])
      full[route] = [...(full[route] ?? []), result.lhr]
      process.stdout.write('.')
    }
  }
} finally {
  await chrome.kill()
  server.close()
}
process.stdout.write('\n')

/** The median of the runs that gave a figure (Lighthouse sometimes fails to record a trace). */
const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}
const medianOf = (route: string, key: keyof Run) => median(runs.get(route)!.map((r) => r[key]))
/** Each round's floor: the median LCP of the round's floor loads. */
const roundFloors = floorLoads.map((loads) => median(loads.map((r) => r.lcpMs)))
const floor = {
  lcpMs: median(floorLoads.flat().map((r) => r.lcpMs)),
  tbtMs: median(floorLoads.flat().map((r) => r.tbtMs)),
  rounds: floorLoads.map((loads, round) => ({
    lcpMs: roundFloors[round]!,
    loadsLcpMs: loads.map((r) => r.lcpMs),
  })),
}

/** The goal: in each round, a route's LCP over the same round's floor LCP. */
const GOAL_RATIO = 1.25
/** Each run's LCP over its round's floor, NaN where either recorded no trace. */
const runRatios = (route: string) =>
  runs.get(route)!.map((run, round) => run.lcpMs / roundFloors[round]!)
const worstRatio = (route: string) => {
  const recorded = runRatios(route).filter((r) => !Number.isNaN(r))
  return recorded.length ? Math.max(...recorded) : NaN
}

const rows = routes.map((route) => ({
  route,
  worstRatio: worstRatio(route),
  ...pageWeight(out, join(route, 'index.html')),
  performance: medianOf(route, 'performance'),
  accessibility: medianOf(route, 'accessibility'),
  bestPractices: medianOf(route, 'bestPractices'),
  seo: medianOf(route, 'seo'),
  lcpMs: medianOf(route, 'lcpMs'),
  tbtMs: medianOf(route, 'tbtMs'),
}))

// The site editor is not a public page (not in the sitemap, not measured by
// Lighthouse above); its weight is reported apart from the pages'.
const editor = siteEditorWeight(out)

mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(
  join(root, 'bench-results', 'lighthouse.json'),
  JSON.stringify({
    date: new Date().toISOString(),
    runs: RUNS,
    throttling,
    floor,
    rows,
    admin: editor,
    lighthouse: full,
  })
)

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const ratio = (value: number, of: number) => (of > 0 ? (value / of).toFixed(2) : '-')
console.log(
  `\nMedians of ${RUNS} runs, ${throttling} throttling. Floor page: LCP ${floor.lcpMs} ms, TBT ${floor.tbtMs} ms; ` +
    `each round's floor (median of its loads): ${floor.rounds
      .map(
        ({ lcpMs, loadsLcpMs }) =>
          `${lcpMs} ms (${Math.min(...loadsLcpMs)}-${Math.max(...loadsLcpMs)}, ${loadsLcpMs.length} loads)`
      )
      .join(', ')}.\n` +
    // The stylesheet is inside each page's HTML (tools/export/inline-css.ts).
    'route | page KB gz (HTML with its CSS) | JS KB gz | perf | a11y | best | SEO | LCP ms | LCP / floor | worst run / its floor | TBT ms'
)
for (const r of rows) {
  console.log(
    [
      r.route,
      kb(r.html + r.css),
      kb(r.js),
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      r.lcpMs,
      ratio(r.lcpMs, floor.lcpMs),
      r.worstRatio.toFixed(2),
      r.tbtMs,
    ].join(' | ')
  )
}
const min = (key: keyof (typeof rows)[number]) => Math.min(...rows.map((r) => r[key] as number))
const max = (key: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => r[key] as number))
console.log(
  `\n${rows.length} routes. Lowest scores: performance ${min('performance')}, accessibility ${min('accessibility')}, ` +
    `best practices ${min('bestPractices')}, SEO ${min('seo')}. ` +
    `LCP ${min('lcpMs')} to ${max('lcpMs')} ms (floor ${floor.lcpMs} ms; at most ${ratio(max('lcpMs'), floor.lcpMs)} x the floor), ` +
    `${rows.filter((r) => r.lcpMs <= 1000).length} of ${rows.length} routes at 1,000 ms or less. ` +
    `TBT 0 ms on ${rows.filter((r) => r.tbtMs === 0).length} of ${rows.length} routes, ` +
    `at or below the floor's ${floor.tbtMs} ms on ${rows.filter((r) => r.tbtMs <= floor.tbtMs).length}, at most ${max('tbtMs')} ms. ` +
    `Heaviest page ${kb(Math.max(...rows.map((r) => r.total)))} KB gzip.`
)
console.log(siteEditorWeightLine(editor))
const failedRuns = [...runs.values()].flat().filter((r) => Number.isNaN(r.lcpMs)).length
if (failedRuns > 0)
  console.log(
    `${failedRuns} of ${[...runs.values()].flat().length} Lighthouse runs recorded no trace; each median is of the other runs.`
  )
console.log('Full results: bench-results/lighthouse.json')

const over = rows.filter((r) => !(r.worstRatio <= GOAL_RATIO))
console.log(
  over.length === 0
    ? `PASS: every route's LCP was at most ${GOAL_RATIO} x the floor's in each of its ${RUNS} runs (worst ${Math.max(...rows.map((r) => r.worstRatio)).toFixed(2)}).`
    : `FAIL: ${over.length} of ${rows.length} routes went over ${GOAL_RATIO} x the floor's LCP in a run (or recorded none): ` +
        over.map((r) => `${r.route} ${r.worstRatio.toFixed(2)}`).join(', ')
)
process.exitCode = over.length === 0 ? 0 : 1
