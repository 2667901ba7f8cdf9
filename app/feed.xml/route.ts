import { buildDay } from '#lib/content/alerts.ts'
import { siteContent } from '#lib/content/disk.ts'
import { atomFeed } from '#lib/feed.ts'

// /feed.xml, written by each (daily) build, so new entries appear on their day.
export const dynamic = 'force-static'

export function GET() {
  return new Response(atomFeed(siteContent(), buildDay()), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  })
}
