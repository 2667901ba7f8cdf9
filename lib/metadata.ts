import type { Metadata } from 'next'
import type { PageFrontmatter, Site } from '#lib/content/schemas.ts'
import { FEED_PATH, routeHref } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

/** Browsers and search engines cut titles longer than this. */
export const MAX_TITLE = 70

/**
 * The browser tab title of a page: "Fees | Bureau of Fire Prevention". Every
 * tab title ends with the site name; a page whose title already does (the
 * home page) keeps it as it is. The content check keeps it within MAX_TITLE.
 */
export function tabTitle(
  page: Pick<PageFrontmatter, 'title' | 'shortTitle'>,
  site: Pick<Site, 'name'>
): string {
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
    alternates: {
      canonical: new URL(routeHref(page.route), SITE_URL).href,
      types: feedLink(site),
    },
  }
}

/** The link in every page's head to the news feed, so browsers and readers find it. */
export function feedLink(site: Pick<Site, 'name'>) {
  return { 'application/atom+xml': [{ url: FEED_PATH, title: `${site.name}: what's new` }] }
}
