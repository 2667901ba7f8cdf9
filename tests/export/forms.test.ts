import { beforeAll, describe, expect, it } from 'vitest'
import { siteContent } from '#lib/content/disk.ts'
import { phoneHref } from '#lib/labels.ts'
import { exportedPages, requireExport, routeOf, type ExportedPage } from '../helpers/export.ts'

// Every embedded form offers, right above its frame, another way to reach the
// bureau: the phone and e-mail from the site registry. The pages come from
// the content (any page with an `@form` line), so a new form page is covered
// by itself.

const content = siteContent()
const formUrls = new Map(
  content.pages.map((p) => [
    p.route,
    p.blocks.flatMap((b) => (b.kind === 'form' ? [b.form.url] : [])),
  ])
)
const formRoutes = [...formUrls].filter(([, urls]) => urls.length > 0).map(([route]) => route)

let pages: ExportedPage[]
beforeAll(() => {
  requireExport()
  pages = exportedPages().filter((p) => formRoutes.includes(routeOf(p) ?? ''))
})

describe('embedded forms in the export', () => {
  it('exist (the check below has pages to look at)', () => {
    expect(pages.length).toBe(formRoutes.length)
    expect(pages.length).toBeGreaterThan(0)
  })

  it('each have the bureau phone and e-mail next to the frame', () => {
    const { phone, email } = content.registries.site
    for (const page of pages) {
      const { document, path } = page
      const urls = formUrls.get(routeOf(page)!)!
      const frames = [...document.querySelectorAll('main iframe[data-src]')].filter((f) =>
        urls.includes(f.getAttribute('data-src')!)
      )
      expect(frames.length, path).toBe(urls.length)
      for (const frame of frames) {
        const beside = frame.parentElement!
        expect(beside.querySelector(`a[href="${phoneHref(phone)}"]`), path).not.toBeNull()
        expect(beside.querySelector(`a[href="mailto:${email}"]`), path).not.toBeNull()
      }
    }
  })

  it('each wait for the shared browser script, with a frame that loads without JavaScript beside them', () => {
    for (const page of pages) {
      const { document, path } = page
      for (const url of formUrls.get(routeOf(page)!)!) {
        const waiting = document.querySelector(`main iframe[data-src="${url}"]`)
        expect(waiting?.hasAttribute('src'), path).toBe(false)
        // The page is parsed as without JavaScript, so <noscript> holds elements.
        const fallback = waiting?.nextElementSibling
        expect(fallback?.tagName, path).toBe('NOSCRIPT')
        expect(fallback?.querySelector('iframe')?.getAttribute('src'), path).toBe(url)
      }
    }
  })
})
