import type { MetadataRoute } from 'next'
import { siteContent } from '#lib/content/disk.ts'

export const dynamic = 'force-static'

/** robots.txt: everything may be indexed; the sitemap lists every page. */
export default function robots(): MetadataRoute.Robots {
  const { site } = siteContent().registries
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: new URL('/sitemap.xml', site.baseUrl).href,
  }
}
