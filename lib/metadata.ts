import type { Metadata } from 'next'
import type { PageFrontmatter } from '#lib/content/page-schemas.ts'
import type { Site } from '#lib/content/schemas.ts'
import { FEED_PATH, routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

/** Browsers and search engines cut titles longer than this. */
export const MAX_TITLE = 70

/** "Fees | Bureau of Fire Prevention"; a title that ends with the site name stays as it is. */
export function tabTitle(page: { title: string; shortTitle?: string }, site: { name: string }) {
  const title = page.shortTitle ?? page.title
  return title.endsWith(site.name) ? title : `${title} | ${site.name}`
}

/** The browser title, description and canonical address of a page. */
export function pageMetadata(
  page: Pick<PageFrontmatter, 'route' | 'title' | 'shortTitle' | 'description'>,
  site: Site
): Metadata {
  return {
    title: tabTitle(page, site),
    description: page.description,
    alternates: { canonical: new URL(routeHref(page.route), SITE_URL).href, types: feedLink(site) },
  }
}

/** The link to the news feed in every page's head. */
export function feedLink(site: Pick<Site, 'name'>) {
  return { 'application/atom+xml': [{ url: FEED_PATH, title: `${site.name}: what's new` }] }
}
