import { buildDay } from '#lib/content/alerts.ts'
import { siteContent } from '#lib/content/disk.ts'
import { atomFeed } from '#lib/feed.ts'

// /feed.xml: the Atom feed of notices and newly published documents, written
// when the site is built (every day, so new entries appear on their day).
export const dynamic = 'force-static'

export function GET() {
  return new Response(atomFeed(siteContent(), buildDay()), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  })
}
