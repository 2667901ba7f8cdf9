import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { routeHref } from '#lib/routes.ts'
import { exportedPages, requireExport } from '#tests/helpers/export.ts'

// The district's public record (budget, audits, meetings…) is findable from
// every page: the footer's "Fire district" group (navigation.yaml,
// `district`) links each of its pages from every exported page, and every
// other district page is linked from one of those. Expected values come
// from the registries.

beforeAll(requireExport)

const hrefsOf = (document: Document) =>
  new Set([...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!))

describe('the fire district pages', () => {
  const { registries, pages } = siteContent()
  const group = registries.navigation.district.flatMap((item) =>
    'route' in item ? [routeHref(item.route)] : []
  )

  it('are each one step from every page, in the footer’s "Fire district" group', () => {
    expect(group.length).toBeGreaterThan(0)
    for (const page of exportedPages()) {
      const nav = page.document.querySelector('footer nav[aria-label="Fire district"]')
      expect(nav, page.path).not.toBeNull()
      const links = hrefsOf(nav as unknown as Document)
      for (const href of group) expect(links.has(href), `${page.path} → ${href}`).toBe(true)
    }
  })

  it('every other district page is linked from a page of the group', () => {
    const fromGroup = new Set(
      exportedPages()
        .filter((page) => group.includes(page.path))
        .flatMap((page) => [...hrefsOf(page.document)])
    )
    for (const page of pages.filter((p) => p.section === 'district'))
      expect(
        group.includes(routeHref(page.route)) || fromGroup.has(routeHref(page.route)),
        page.route
      ).toBe(true)
  })
})
