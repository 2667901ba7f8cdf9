import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

// An alert in content/data/alerts.yaml shows above the h1 of every page while
// it is active, and on none once it has ended. The site is built for the day
// in SITE_BUILD_DATE; the content is a copy of the real content with alerts.

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

async function siteOn(day: string) {
  const dir = mkdtempSync(join(tmpdir(), 'alerts-'))
  cpSync(join(process.cwd(), 'content'), dir, { recursive: true })
  writeFileSync(join(dir, 'data', 'alerts.yaml'), ALERTS)
  vi.resetModules()
  vi.stubEnv('CONTENT_DIR', dir)
  vi.stubEnv('SITE_BUILD_DATE', day)
  const { ContentPage } = await import('@/components/ContentPage')
  const { getSiteContent } = await import('@/lib/content/site')
  return { ContentPage, routes: getSiteContent().pages.map((p) => p.route) }
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('site-wide alerts', () => {
  it('an active urgent alert appears above the h1 on every page', async () => {
    const { ContentPage, routes } = await siteOn('2026-11-22')
    expect(routes.length).toBeGreaterThan(40)
    for (const route of routes) {
      const html = renderToStaticMarkup(<ContentPage route={route} />)
      const alertAt = html.indexOf('data-alert="urgent"')
      expect(alertAt, route).toBeGreaterThan(html.indexOf('<main'))
      expect(alertAt, route).toBeLessThan(html.indexOf('<h1'))
      expect(html, route).toContain('<h2 id="alert-burn-ban"')
      expect(html, route).toContain('Urgent notice')
      expect(html, route).toContain('A <strong>burn ban</strong> is in effect.')
      expect(html, route).not.toContain('office is closed')
    }
  })

  it('an expired alert appears on no page', async () => {
    const { ContentPage, routes } = await siteOn('2026-11-28')
    for (const route of routes) {
      const html = renderToStaticMarkup(<ContentPage route={route} />)
      expect(html, route).not.toContain('data-alert')
      expect(html, route).not.toContain('burn ban')
    }
  })

  it('an information notice looks different from an urgent one', async () => {
    const { ContentPage } = await siteOn('2026-11-26')
    const html = renderToStaticMarkup(<ContentPage route="/contact" />)
    expect(html).toContain('data-alert="information"')
    expect(html).toContain('>Notice</h2>')
    expect(html).not.toContain('Urgent notice')
  })
})
