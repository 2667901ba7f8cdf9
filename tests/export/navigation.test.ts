import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { exportedPages, requireExport, routeOf } from '../helpers/export.ts'

// The main menu of every exported page marks the links to that page, top
// level and in dropdowns alike, and no other, with aria-current="page": the
// expected links are read from navigation.yaml.

beforeAll(requireExport)

const links = resolveNavigation(siteContent().registries).main.flatMap((item) =>
  'items' in item ? item.items : [item]
)

describe('the main menu on every page', () => {
  it('marks the links to the page shown with aria-current="page", and no other', () => {
    for (const page of exportedPages()) {
      const route = routeOf(page)
      const marked = [...page.document.querySelectorAll('nav[aria-label="Main"] [aria-current]')]
      expect(
        marked.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]),
        page.path
      ).toEqual(links.filter((link) => link.route === route).map((link) => [link.href, 'page']))
    }
  })
})
