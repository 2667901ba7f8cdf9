import type { MetadataRoute } from 'next'
import { SITE_URL } from '#lib/site-address.ts'

export const dynamic = 'force-static'

export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', allow: '/' }, sitemap: new URL('/sitemap.xml', SITE_URL).href }
}
