import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SiteHeader } from '#components/SiteHeader.tsx'
import { resolveNavigation } from '#lib/navigation.ts'
import { registries } from './fixture-content.ts'

const navigation = resolveNavigation(registries).main

describe('SiteHeader', () => {
  it('uses disclosure menus (details/summary), never ARIA menu roles', () => {
    const { container } = render(
      <SiteHeader site={registries.site} navigation={navigation} currentRoute="/fees" />
    )
    expect(
      container.querySelectorAll('[role="menu"], [role="menubar"], [role="menuitem"]')
    ).toHaveLength(0)
    const dropdown = container.querySelector('details.nav-dropdown')!
    expect(dropdown.querySelector(':scope > summary')!.textContent).toContain('Inspections')
    expect(container.querySelector('details.site-menu > summary')!.textContent).toContain('Menu')
  })

  it('renders every item as a link in the HTML, so it works without JavaScript', () => {
    render(<SiteHeader site={registries.site} navigation={navigation} currentRoute={null} />)
    const nav = screen.getByRole('navigation', { name: 'Main', hidden: true })
    const links = within(nav).getAllByRole('link', { hidden: true })
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/fees/',
      'https://www.nfpa.org/tips.pdf',
    ])
  })

  it('marks the current page with aria-current and bold text, and its dropdown too', () => {
    const { container } = render(
      <SiteHeader site={registries.site} navigation={navigation} currentRoute="/fees" />
    )
    const current = container.querySelector('[aria-current="page"]')!
    expect(current.textContent).toBe('Fees')
    const summary = container.querySelector('details.nav-dropdown > summary')!
    expect(summary.className).toContain('font-bold')
    expect(summary.textContent).toContain('(contains the current page)')
  })

  it('marks a top-level link to the current page with aria-current, and nothing else', () => {
    const top = navigation.flatMap((item) => ('items' in item || !item.route ? [] : [item]))
    expect(top.length).toBeGreaterThan(0)
    for (const link of top) {
      const { container, unmount } = render(
        <SiteHeader site={registries.site} navigation={navigation} currentRoute={link.route!} />
      )
      const current = [...container.querySelectorAll('[aria-current]')]
      expect(current.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
        [link.href, 'page'],
      ])
      unmount()
    }
  })

  it('marks external items as external, with what opens', () => {
    const { container } = render(
      <SiteHeader site={registries.site} navigation={navigation} currentRoute={null} />
    )
    const external = container.querySelector('a[href="https://www.nfpa.org/tips.pdf"]')!
    expect(external.textContent).toBe('NFPA tips (external PDF)')
  })
})

describe('the search field in the header', () => {
  it('goes to the search page, and is a labelled search landmark', () => {
    render(
      <SiteHeader
        site={registries.site}
        navigation={navigation}
        currentRoute={null}
        searchHref="/find/"
      />
    )
    const form = screen.getByRole('search', { name: 'Site search', hidden: true })
    expect(form).toHaveAttribute('action', '/find/')
    expect(
      within(form).getByRole('searchbox', { name: 'Search this site', hidden: true })
    ).toBeInTheDocument()
  })

  it('is left out when the site has no search page', () => {
    render(<SiteHeader site={registries.site} navigation={navigation} currentRoute={null} />)
    expect(screen.queryByRole('search', { hidden: true })).toBeNull()
  })
})
