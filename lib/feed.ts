import { Feed } from 'feed'
import type { SiteContent } from '#lib/content/index.ts'
import { formatDate, parseIsoDay } from '#lib/dates.ts'
import { documentCue } from '#lib/labels.ts'
import { FEED_PATH, routeHref } from '#lib/routes.ts'

// "What's new", by subscription: an Atom feed of the site's notices and of
// newly published documents (those with a `published` day), newest first.

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

type Entry = { id: string; title: string; link: string; day: string; content: string }

/** The feed's entries on `day`: alerts that have started, documents published by then. */
export function feedEntries(content: SiteContent, day: string): Entry[] {
  const { site, documents } = content.registries
  const base = new URL(site.baseUrl)
  const tag = (when: string, what: string) => `tag:${base.hostname},${when}:${what}`
  const listedOn = (id: string) =>
    content.pages.filter((page) =>
      page.blocks.some(
        (b) =>
          (b.kind === 'document' || b.kind === 'documents') &&
          b.documents.some((doc) => doc.id === id)
      )
    )
  const alerts = content.alerts
    .filter((alert) => alert.start <= day)
    .map((alert) => ({
      id: tag(alert.start, `alert:${alert.id}`),
      title: `${alert.level === 'urgent' ? 'Urgent notice' : 'Notice'}, ${formatDate(alert.start)} to ${formatDate(alert.end)}`,
      link: new URL('/', base).href,
      day: alert.start,
      content: alert.html,
    }))
  const published = [...documents.values()]
    .filter((doc) => doc.published !== undefined && doc.published <= day)
    .map((doc) => {
      const pages = listedOn(doc.id)
        .map((p) => `<a href="${new URL(routeHref(p.route), base).href}">${escape(p.title)}</a>`)
        .join(', ')
      return {
        id: tag(doc.published!, `document:${doc.id}`),
        title: `${doc.title} (${documentCue(doc)})`,
        link: doc.url,
        day: doc.published!,
        content: `<p>New on the site: <a href="${escape(doc.url)}">${escape(doc.title)}</a> (${documentCue(doc)}).${pages ? ` It is listed on ${pages}.` : ''}</p>`,
      }
    })
  return [...alerts, ...published].sort(
    (a, b) => b.day.localeCompare(a.day) || a.id.localeCompare(b.id)
  )
}

/** The Atom feed of the site as it is on `day` (an ISO day). */
export function atomFeed(content: SiteContent, day: string): string {
  const { site } = content.registries
  const home = new URL('/', site.baseUrl).href
  const entries = feedEntries(content, day)
  const feed = new Feed({
    id: home,
    link: home,
    title: `${site.name}, ${site.organization}: what's new`,
    description: 'Notices from the bureau and newly published documents.',
    language: 'en',
    updated: parseIsoDay(entries[0]?.day ?? day),
    feedLinks: { atom: new URL(FEED_PATH, site.baseUrl).href },
    generator: false,
    author: { name: site.name, link: home },
  })
  for (const entry of entries) {
    feed.addItem({
      id: entry.id,
      title: entry.title,
      link: entry.link,
      date: parseIsoDay(entry.day),
      published: parseIsoDay(entry.day),
      content: entry.content,
    })
  }
  return feed.atom1()
}
