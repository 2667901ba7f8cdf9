// npm run bench: builds the site, prints each route's gzip weight (HTML, CSS,
// JS) and runs Lighthouse (mobile settings) on every route in the installed
// Chromium, printing the four category scores, largest contentful paint and
// total blocking time. Full results go to bench-results/lighthouse.json.
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { pageWeight } from '@/lib/build/page-weight'
import { createStaticHandler, headersFromExport } from '@/lib/build/static-server'

const root = process.cwd()
const out = join(root, 'out')

if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })

const server = createServer(createStaticHandler(out, headersFromExport(out)))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://localhost:${(server.address() as AddressInfo).port}`

const routes = [
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

type Row = {
  route: string
  html: number
  css: number
  js: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
}
const rows: Row[] = []
const full: Record<string, unknown> = {}
try {
  for (const route of routes) {
    const result = await lighthouse(`${base}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    rows.push({
      route,
      ...pageWeight(out, join(route, 'index.html')),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    })
    full[route] = result.lhr
    process.stdout.write('.')
  }
} finally {
  await chrome.kill()
  server.close()
}
process.stdout.write('\n')

mkdirSync(join(root, 'bench-results'), { recursive: true })
writeFileSync(
  join(root, 'bench-results', 'lighthouse.json'),
  JSON.stringify({ date: new Date().toISOString(), rows, lighthouse: full })
)

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
console.log(
  '\nroute | HTML KB gz | CSS KB gz | JS KB gz | perf | a11y | best | SEO | LCP ms | TBT ms'
)
for (const r of rows) {
  console.log(
    [
      r.route,
      kb(r.html),
      kb(r.css),
      kb(r.js),
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      r.lcpMs,
      r.tbtMs,
    ].join(' | ')
  )
}
const min = (key: keyof Row) => Math.min(...rows.map((r) => r[key] as number))
const max = (key: keyof Row) => Math.max(...rows.map((r) => r[key] as number))
console.log(
  `\n${rows.length} routes. Lowest scores: performance ${min('performance')}, accessibility ${min('accessibility')}, ` +
    `best practices ${min('bestPractices')}, SEO ${min('seo')}. Largest LCP ${max('lcpMs')} ms, largest TBT ${max('tbtMs')} ms. ` +
    `Heaviest page ${kb(Math.max(...rows.map((r) => r.html + r.css + r.js)))} KB gzip.`
)
console.log('Full results: bench-results/lighthouse.json')
