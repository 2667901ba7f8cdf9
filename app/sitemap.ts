import type { MetadataRoute } from 'next'
import { siteContent } from '#lib/content/disk.ts'
import { routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

export const dynamic = 'force-static'

export default function sitemap(): MetadataRoute.Sitemap {
  return siteContent().pages.map((page) => ({ url: new URL(routeHref(page.route), SITE_URL).href }))
}
