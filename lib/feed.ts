import { documentHref } from '#lib/content/schemas.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { formatDate, parseIsoDay } from '#lib/dates.ts'
import { documentCue } from '#lib/labels.ts'
import { FEED_PATH, routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { escapeHtml } from '#lib/text.ts'

// "What's new": an Atom feed of notices (from their first day) and of
// documents from their `published` day, newest first. Written by hand: a feed
// library wrote titles as HTML in CDATA, where "<" or "]]>" would be markup.

/** The feed's entries on `day`: alerts that have started, documents published by then. */
export function feedEntries(content: SiteContent, day: string) {
  const base = new URL(SITE_URL)
  const tag = (when: string, what: string) => `tag:${base.hostname},${when}:${what}`
  const alerts = content.alerts
    .filter((alert) => alert.start <= day)
    .map((alert) => ({
      id: tag(alert.start, `alert:${alert.id}`),
      title: `${alert.level === 'urgent' ? 'Urgent notice' : 'Notice'}, ${formatDate(alert.start, true)} to ${formatDate(alert.end, true)}`,
      link: new URL('/', base).href,
      day: alert.start,
      content: alert.html,
    }))
  const published = [...content.registries.documents.values()]
    .filter((doc) => doc.published !== undefined && doc.published <= day)
    .map((doc) => {
      const pages = content.pages
        .filter((page) =>
          page.blocks.some(
            (b) => 'documents' in b && b.documents.some((listed) => listed.id === doc.id)
          )
        )
        .map(
          (p) => `<a href="${new URL(routeHref(p.route), base).href}">${escapeHtml(p.title)}</a>`
        )
        .join(', ')
      return {
        id: tag(doc.published!, `document:${doc.id}`),
        title: `${doc.title} (${documentCue(doc)})`,
        link: documentHref(doc),
        day: doc.published!,
        content: `<p>New on the site: <a href="${escapeHtml(documentHref(doc))}">${escapeHtml(doc.title)}</a> (${documentCue(doc)}).${pages ? ` It is listed on ${pages}.` : ''}</p>`,
      }
    })
  return [...alerts, ...published].sort(
    (a, b) => b.day.localeCompare(a.day) || a.id.localeCompare(b.id)
  )
}

export const FEED_SUBTITLE =
  'Notices from the bureau, and documents and meeting records from the day they are added to this site.'
export const FEED_EMPTY = 'There are none yet.'

/** The Atom feed of the site as it is on `day` (an ISO day). */
export function atomFeed(content: SiteContent, day: string): string {
  const { site } = content.registries
  const home = new URL('/', SITE_URL).href
  const entries = feedEntries(content, day)
  const time = (isoDay: string) => parseIsoDay(isoDay).toISOString()
  const element = (name: string, text: string, type?: 'text' | 'html') =>
    `<${name}${type ? ` type="${type}"` : ''}>${escapeHtml(text)}</${name}>`
  const link = (rel: string, href: string) => `<link rel="${rel}" href="${escapeHtml(href)}"/>`
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${element('id', home)}`,
    `  ${element('title', `${site.name}, ${site.organization}: what's new`, 'text')}`,
    `  ${element('subtitle', entries.length ? FEED_SUBTITLE : `${FEED_SUBTITLE} ${FEED_EMPTY}`, 'text')}`,
    `  ${element('updated', time(entries[0]?.day ?? day))}`,
    `  ${link('alternate', home)}`,
    `  ${link('self', new URL(FEED_PATH, SITE_URL).href)}`,
    `  <author>${element('name', site.name)}${element('uri', home)}</author>`,
    ...entries.flatMap((entry) => [
      '  <entry>',
      `    ${element('id', entry.id)}`,
      `    ${element('title', entry.title, 'text')}`,
      `    ${link('alternate', entry.link)}`,
      `    ${element('published', time(entry.day))}`,
      `    ${element('updated', time(entry.day))}`,
      `    ${element('content', entry.content, 'html')}`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ].join('\n')
}
