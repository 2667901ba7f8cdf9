// `npm run publish:dates -- <file>`, before a publish build: the live site's page-dates.json
// (tools/export/page-dates.ts) into <file>, and PUBLISHED_PAGE_DATES=<file> for the next steps of
// the job (GITHUB_ENV). A 404 or no answer writes no file and is not a failure: every page then
// gets the build's day.
import { appendFileSync, writeFileSync } from 'node:fs'
import { SITE_URL } from '#lib/site-address.ts'
import { PAGE_DATES_FILE } from '#lib/routes.ts'

/** Fetches `${site}/page-dates.json` into `file`; false, and no file, when there is none. */
export async function fetchPageDates(site: string, file: string) {
  const signal = AbortSignal.timeout(60_000)
  const response = await fetch(`${site}/${PAGE_DATES_FILE}`, { signal }).catch(() => undefined)
  if (!response?.ok) return false
  writeFileSync(file, await response.text())
  return true
}

if (import.meta.main) {
  const file = process.argv[2] ?? PAGE_DATES_FILE
  const site = process.env.SITE_URL || SITE_URL
  if (await fetchPageDates(site, file)) {
    if (process.env.GITHUB_ENV)
      appendFileSync(process.env.GITHUB_ENV, `PUBLISHED_PAGE_DATES=${file}\n`)
    console.log(`publish:dates: ${site}/${PAGE_DATES_FILE} is in ${file}.`)
  } else console.log(`publish:dates: ${site} has no ${PAGE_DATES_FILE}: every page gets today.`)
}
