import type { Registries } from '#lib/content/registries.ts'
import { linkCue } from '#lib/labels.ts'
import { routeHref } from '#lib/routes.ts'

/** A navigation link after its target has been looked up. */
export type NavLink = {
  label: string
  href: string
  /** For internal links: the page's route, to mark the current page. */
  route?: string
  /** For external links: what opens ("website", "PDF"). */
  externalCue?: string
}
export type NavItem = NavLink | { label: string; items: NavLink[] }

/** The navigation from content/data/navigation.yaml with every target resolved. */
export function resolveNavigation(registries: Registries) {
  const resolve = (item: { label: string } & ({ route: string } | { link: string })): NavLink => {
    if ('route' in item)
      return { label: item.label, href: routeHref(item.route), route: item.route }
    const link = registries.links.get(item.link)!
    return { label: item.label, href: link.url, externalCue: `external ${linkCue(link)}` }
  }
  return {
    main: registries.navigation.main.map((item): NavItem =>
      'items' in item ? { label: item.label, items: item.items.map(resolve) } : resolve(item)
    ),
    footer: registries.navigation.footer.map(resolve),
    district: registries.navigation.district.map(resolve),
  }
}
