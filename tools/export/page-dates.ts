import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { formatDate } from '#lib/dates.ts'
import { PAGE_DATE_MARK } from '#lib/page-frame.ts'
import { htmlFiles } from '#tools/export/inline-css.ts'

// "Last updated" on every page: the day its text, as a visitor reads it, last changed on the
// published site. Each build hashes every page's text and writes out/page-dates.json (route: hash
// and day); a page whose hash is the one published keeps the published day, any other gets the
// build's day. Neither file times nor git history (a clone has neither) nor a typed date is read.

export const PAGE_DATES_FILE = 'page-dates.json'

const pageDatesSchema = z.record(
  z.string(),
  z.strictObject({ text: z.string().regex(/^[0-9a-f]{64}$/), date: z.iso.date() })
)
export type PageDates = z.infer<typeof pageDatesSchema>

/**
 * The hash of what a visitor reads: the tab title, then the page's own text, from its h1 to the
 * "Last updated" line (the alerts are above the h1), tags, React's comments and no-script copies left out.
 */
export function textHash(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  const page = html.slice(html.indexOf('<h1'), html.indexOf(PAGE_DATE_MARK))
  const text = page
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(noscript|script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
  return createHash('sha256').update(`${title}\n${text.trim()}`).digest('hex')
}

/** Each page's day: the published one while its text is unchanged, else `day`. */
export function datePages(pages: ReadonlyMap<string, string>, published: PageDates, day: string) {
  const dates: PageDates = {}
  for (const [route, html] of pages) {
    const text = textHash(html)
    const before = published[route]
    dates[route] = { text, date: before?.text === text ? before.date : day }
  }
  return dates
}

/**
 * The published days: from PUBLISHED_PAGE_DATES (the live site's page-dates.json, fetched before
 * a publish build), else from the last build in out/, else none. A file given that cannot be read
 * stops the build: a publish never dates every page anew by mistake.
 */
export function publishedDates(outDir: string, file = process.env.PUBLISHED_PAGE_DATES): PageDates {
  const path = file || join(outDir, PAGE_DATES_FILE)
  if (!file && !existsSync(path)) return {}
  const parsed = pageDatesSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new Error(`${path} is not a page-dates file: ${parsed.error.message}`)
  return parsed.data
}

/** Dates every page in `dir` that has a "Last updated" line, fills the line and writes the file. */
export function writePageDates(dir: string, published: PageDates, day: string) {
  const files = htmlFiles(dir).filter((file) => readFileSync(file, 'utf8').includes(PAGE_DATE_MARK))
  const route = (file: string) => `/${relative(dir, file).replace(/(^|\/)index\.html$/, '$1')}`
  const html = new Map(files.map((file) => [route(file), readFileSync(file, 'utf8')]))
  const dates = datePages(html, published, day)
  for (const file of files) {
    const { date } = dates[route(file)]!
    const line = `<time datetime="${date}">${formatDate(date)}</time>`
    writeFileSync(file, html.get(route(file))!.replace(PAGE_DATE_MARK, line))
  }
  writeFileSync(join(dir, PAGE_DATES_FILE), `${JSON.stringify(dates, null, 1)}\n`)
  return dates
}
