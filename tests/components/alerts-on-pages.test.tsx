import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContentPage, NotFoundPage } from '#components/PageShell.tsx'
import { loadContent } from '#tests/helpers/content.ts'
import { pageFrame } from '#lib/page-frame.ts'
import { fixtureCopy, page, put } from '../helpers/content.ts'
import { notFoundLinks } from '../helpers/not-found.ts'

// An alert in alerts.yaml shows above the h1 of every page while it is
// active, and on none once it has ended. The site is built for the day in
// SITE_BUILD_DATE; the content is the test content with two alerts.

const ALERTS = `
- id: burn-ban
  level: urgent
  start: '2026-11-20'
  end: '2026-11-25'
  message: A **burn ban** is in effect. No bonfires until it ends.
- id: office-closed
  level: information
  start: '2026-11-26'
  end: '2026-11-27'
  message: The office is closed for Thanksgiving.
`

function siteOn(day: string) {
  const dir = fixtureCopy()
  put(dir, 'data/alerts.yaml', ALERTS)
  vi.stubEnv('SITE_BUILD_DATE', day)
  const content = loadContent(dir)
  return content.pages.map((page) => ({
    route: page.route,
    html: renderToStaticMarkup(
      <ContentPage page={page} frame={pageFrame(content, page.route, page.blocks)} />
    ),
  }))
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('site-wide alerts', () => {
  it('an active urgent alert appears above the h1 on every page, with its last day', () => {
    const pages = siteOn('2026-11-22')
    expect(pages.length).toBeGreaterThan(1)
    for (const { route, html } of pages) {
      const alertAt = html.indexOf('data-alert="urgent"')
      expect(alertAt, route).toBeGreaterThan(html.indexOf('<main'))
      expect(alertAt, route).toBeLessThan(html.indexOf('<h1'))
      expect(html, route).toContain('data-alert-end="2026-11-25"')
      expect(html, route).toContain('<p id="alert-burn-ban"')
      // The page's h1 is its first heading; the alert is no heading.
      expect(html.search(/<h[1-6][\s>]/), route).toBe(html.indexOf('<h1'))
      expect(html, route).toContain('Urgent notice')
      expect(html, route).toContain('A <strong>burn ban</strong> is in effect.')
      expect(html, route).not.toContain('office is closed')
    }
  })

  it('two alerts at once are two regions with names of their own (a landmark’s name is unique)', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      ALERTS.replace(
        "level: information\n  start: '2026-11-26'",
        "level: urgent\n  start: '2026-11-22'"
      )
    )
    vi.stubEnv('SITE_BUILD_DATE', '2026-11-22')
    const content = loadContent(dir)
    const home = content.pages[0]!
    const html = renderToStaticMarkup(
      <ContentPage page={home} frame={pageFrame(content, home.route, home.blocks)} />
    )
    const names = [...html.matchAll(/<p id="alert-[^"]+"[^>]*>(.*?)<\/p>/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace('⚠', '')
        .trim()
    )
    expect(names).toEqual(['Urgent notice, 1 of 2', 'Urgent notice, 2 of 2'])
  })

  it('an expired alert appears on no page', () => {
    for (const { route, html } of siteOn('2026-11-28')) {
      expect(html, route).not.toContain('data-alert')
      expect(html, route).not.toContain('burn ban')
    }
  })

  it('an information notice looks different from an urgent one', () => {
    const { html } = siteOn('2026-11-26')[0]!
    expect(html).toContain('data-alert="information"')
    expect(html).toContain('>Notice</p>')
    expect(html).not.toContain('Urgent notice')
  })
})

describe('the not-found page with an alert', () => {
  it('keeps its own two links, whatever links and tokens an alert carries', () => {
    // An honest alert, as staff write one: a page, an outside link and the phone token.
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      `- id: office-closed
  level: urgent
  start: '2026-11-20'
  end: '2026-11-30'
  message: The office is closed. Call {{site:phone}}, see [the fees](/fees) or [NFPA tips](link:nfpa).
`
    )
    put(
      dir,
      'pages/search.md',
      page(
        'route: /search\ntitle: Search\ndescription: Search every page of the site by its words.\nsection: about',
        '@search'
      )
    )
    vi.stubEnv('SITE_BUILD_DATE', '2026-11-22')
    const frame = pageFrame(loadContent(dir), null)
    expect(frame.alerts).toHaveLength(1)
    const document = new DOMParser().parseFromString(
      renderToStaticMarkup(<NotFoundPage frame={frame} />),
      'text/html'
    )
    // The alert's links are on the page, above the not-found text.
    expect(document.querySelectorAll('main [data-alert] a')).toHaveLength(3)
    expect(notFoundLinks(document)).toEqual(['/', frame.searchHref])
    expect(frame.searchHref).toBe('/search/')
  })
})
