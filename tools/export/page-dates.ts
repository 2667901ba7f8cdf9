import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { formatDate } from '#lib/dates.ts'
import { PAGE_DATE_MARK } from '#lib/page-frame.ts'
import { PAGE_DATES_FILE } from '#lib/routes.ts'
import { htmlFiles } from '#tools/export/inline-css.ts'

// "Last updated" on every page: the day its text, as a visitor reads it, last changed on the
// published site. Each build hashes every page's text and writes out/page-dates.json (route: hash
// and day); a page whose hash is the one published keeps the published day, any other gets the
// build's day. Neither file times nor git history (a clone has neither) nor a typed date is read.

const pageDatesSchema = z.record(
  z.string(),
  z.strictObject({ text: z.string().regex(/^[0-9a-f]{64}$/), date: z.iso.date() })
)
export type PageDates = z.infer<typeof pageDatesSchema>

/** The hash of the tab title and the page from its h1 (alerts are above) to "Last updated". */
export function textHash(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  const text = html
    .slice(html.indexOf('<h1'), html.indexOf(PAGE_DATE_MARK))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(noscript|script|style|template)\b[\s\S]*?<\/\1>|<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
  return createHash('sha256').update(`${title}\n${text.trim()}`).digest('hex')
}

/** Each page's day: the published one while its text is unchanged, else `day`. */
export function datePages(pages: ReadonlyMap<string, string>, published: PageDates, day: string) {
  return Object.fromEntries(
    [...pages].map(([route, html]) => {
      const text = textHash(html)
      return [route, { text, date: published[route]?.text === text ? published[route].date : day }]
    })
  ) as PageDates
}

/**
 * The published days: PUBLISHED_PAGE_DATES (the live site's file, fetched before a publish build),
 * else the last build's in out/, else none. A file given that cannot be read stops the build.
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
  const route = (file: string) => `/${relative(dir, file).replace(/(^|\/)index\.html$/, '$1')}`
  const html = new Map(htmlFiles(dir).map((file) => [route(file), readFileSync(file, 'utf8')]))
  for (const [path, page] of html) if (!page.includes(PAGE_DATE_MARK)) html.delete(path)
  const dates = datePages(html, published, day)
  for (const [path, { date }] of Object.entries(dates)) {
    const line = `<time datetime="${date}">${formatDate(date)}</time>`
    const file = join(dir, path, path.endsWith('/') ? 'index.html' : '')
    writeFileSync(file, html.get(path)!.replace(PAGE_DATE_MARK, line))
  }
  writeFileSync(join(dir, PAGE_DATES_FILE), `${JSON.stringify(dates, null, 1)}\n`)
  return dates
}
