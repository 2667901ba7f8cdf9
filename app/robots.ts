import type { MetadataRoute } from 'next'
import { getSiteContent } from '#lib/content/load.ts'

export const dynamic = 'force-static'

/** robots.txt: everything may be indexed; the sitemap lists every page. */
export default function robots(): MetadataRoute.Robots {
  const { site } = getSiteContent().registries
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: new URL('/sitemap.xml', site.baseUrl).href,
  }
}
