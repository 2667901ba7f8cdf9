import type { MetadataRoute } from 'next'
import { siteContent } from '#lib/content/disk.ts'
import { routeHref } from '#lib/routes.ts'

export const dynamic = 'force-static'

/** sitemap.xml: every published page at its full address. */
export default function sitemap(): MetadataRoute.Sitemap {
  const { pages, registries } = siteContent()
  return pages.map((page) => ({
    url: new URL(routeHref(page.route), registries.site.baseUrl).href,
  }))
}
