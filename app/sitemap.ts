import type { MetadataRoute } from 'next'
import { getSiteContent } from '#lib/content/load.ts'
import { routeHref } from '#lib/routes.ts'

export const dynamic = 'force-static'

/** sitemap.xml: every published page at its full address. */
export default function sitemap(): MetadataRoute.Sitemap {
  const { pages, registries } = getSiteContent()
  return pages.map((page) => ({
    url: new URL(routeHref(page.route), registries.site.baseUrl).href,
  }))
}
