import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDay } from '#lib/content/alerts.ts'
import { siteContent } from '#lib/content/disk.ts'
import { FEED_EMPTY, FEED_SUBTITLE, feedEntries } from '#lib/feed.ts'
import { FEED_PATH } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { exportedPages, OUT, requireExport } from '../helpers/export.ts'

// The news feed as built: valid Atom, its entries those the registries give
// for the build day, and linked from every page.
beforeAll(requireExport)

describe('the news feed in the export', () => {
  it('is Atom with the entries the registries give, newest first', () => {
    const xml = readFileSync(join(OUT, FEED_PATH), 'utf8')
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom')
    const ids = [...doc.querySelectorAll('entry > id')].map((e) => e.textContent)
    const day = buildDay()
    const yesterday = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10)
    // The build may have run just before midnight in New Jersey.
    const expected = [day, yesterday].map((d) => feedEntries(siteContent(), d).map((e) => e.id))
    expect(expected).toContainEqual(ids)
    const dates = [...doc.querySelectorAll('entry > updated')].map((e) => e.textContent!)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('says what it carries, and that it has none yet while it has none; titles write years in full', () => {
    const xml = readFileSync(join(OUT, FEED_PATH), 'utf8')
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
    const subtitle = doc.querySelector('feed > subtitle')!.textContent
    const entries = doc.querySelectorAll('entry').length
    expect(subtitle).toBe(entries ? FEED_SUBTITLE : `${FEED_SUBTITLE} ${FEED_EMPTY}`)
    for (const title of doc.querySelectorAll('entry > title'))
      expect(title.textContent).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{2}\b/)
  })

  it('is linked from the head and the footer of every page', () => {
    for (const { path, document } of exportedPages()) {
      const link = document.querySelector('head link[rel="alternate"][type="application/atom+xml"]')
      expect(link?.getAttribute('href'), path).toBe(new URL(FEED_PATH, SITE_URL).href)
      expect(document.querySelector(`footer a[href="${FEED_PATH}"]`), path).not.toBeNull()
    }
  })
})
