import type { Metadata } from 'next'
import type { Page } from '@/lib/content/site'
import type { Site } from '@/lib/content/schemas'
import { routeHref } from '@/lib/routes'

/** Browsers and search engines cut titles longer than this. */
export const MAX_TITLE = 70

/**
 * The browser title of a page: "Fees | Bureau of Fire Prevention", or the
 * page title alone when the site name would make it too long.
 */
export function browserTitle(title: string, site: Site): string {
  const full = `${title} | ${site.name}`
  return full.length <= MAX_TITLE ? full : title
}

/** The browser title, description and canonical address of a page. */
export function pageMetadata(
  page: Pick<Page, 'route' | 'title' | 'description'>,
  site: Site
): Metadata {
  return {
    title: page.route === '/' ? page.title : browserTitle(page.title, site),
    description: page.description,
    alternates: { canonical: new URL(routeHref(page.route), site.baseUrl).href },
  }
}
