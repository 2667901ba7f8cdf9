import type { Metadata } from 'next'
import type { Page } from '@/lib/content/site'
import type { Site } from '@/lib/content/schemas'
import { routeHref } from '@/lib/routes'

/** The browser title and description of a page: "Fees | Bureau of Fire Prevention". */
export function pageMetadata(
  page: Pick<Page, 'route' | 'title' | 'description'>,
  site: Site
): Metadata {
  const title =
    page.route === '/' ? `${site.name}, ${site.organization}` : `${page.title} | ${site.name}`
  return {
    title,
    description: page.description,
    alternates: { canonical: new URL(routeHref(page.route), site.baseUrl).href },
  }
}
