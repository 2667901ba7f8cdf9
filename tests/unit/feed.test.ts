import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { loadContent } from '#tests/helpers/content.ts'
import { atomFeed, FEED_EMPTY, FEED_SUBTITLE, feedEntries } from '#lib/feed.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { fixtureCopy, put } from '../helpers/content.ts'

// The news feed: notices that have started and documents published by the
// day the site is built, newest first, as valid Atom.

function content() {
  const dir = fixtureCopy()
  put(
    dir,
    'data/alerts.yaml',
    `- id: burn-ban
  level: urgent
  start: '2026-11-20'
  end: '2026-11-25'
  message: A **burn ban** is in effect.
- id: holiday
  level: information
  start: '2026-12-20'
  end: '2026-12-26'
  message: The office is closed.
`
  )
  return loadContent(dir)
}

describe('the news feed', () => {
  it('lists started notices and published documents, newest first', () => {
    const entries = feedEntries(content(), '2026-11-22')
    expect(entries.map((e) => [e.day, e.title])).toEqual([
      ['2026-11-20', 'Urgent notice, 11/20/2026 to 11/25/2026'],
      ['2020-03-02', '2020 budget (PDF)'],
    ])
    expect(entries[1]!.link).toBe('https://files.example.org/budget-2020.pdf')
    expect(entries[1]!.content).toContain(`It is listed on <a href="${SITE_URL}/fees/">Fees</a>`)
  })

  it('leaves out documents without a published day and notices not yet started', () => {
    const ids = feedEntries(content(), '2026-11-22').map((e) => e.id)
    expect(ids.some((id) => id.includes('budget-2019'))).toBe(false)
    expect(ids.some((id) => id.includes('holiday'))).toBe(false)
    expect(feedEntries(content(), '2026-12-20').map((e) => e.id)[0]).toContain('alert:holiday')
  })

  it('is Atom, with an id, a title and a date on the feed and every entry', () => {
    const xml = atomFeed(content(), '2026-11-22')
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
    const feed = doc.documentElement
    expect(feed.localName).toBe('feed')
    expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom')
    expect(feed.querySelector(':scope > updated')?.textContent).toBe('2026-11-20T00:00:00.000Z')
    expect(feed.querySelector(':scope > link[rel="self"]')?.getAttribute('href')).toBe(
      `${SITE_URL}/feed.xml`
    )
    expect(feed.querySelector(':scope > subtitle')?.textContent).toBe(FEED_SUBTITLE)
    const entries = [...doc.querySelectorAll('entry')]
    expect(entries).toHaveLength(2)
    for (const entry of entries)
      for (const name of ['id', 'title', 'updated', 'link'])
        expect(entry.querySelector(name), name).not.toBeNull()
    expect(entries[0]!.querySelector('content')!.textContent).toContain('<strong>burn ban</strong>')
  })

  it('says in its subtitle when it has no entries yet', () => {
    const empty = loadContent(fixtureCopy())
    const subtitle = (day: string) =>
      new JSDOM(atomFeed(empty, day), {
        contentType: 'application/xml',
      }).window.document.querySelector('feed > subtitle')!.textContent
    expect(feedEntries(empty, '2020-01-01')).toEqual([])
    expect(subtitle('2020-01-01')).toBe(`${FEED_SUBTITLE} ${FEED_EMPTY}`)
  })
})
