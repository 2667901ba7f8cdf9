import type { ReactNode } from 'react'
import { AlertBanner } from '@/components/AlertBanner'
import { SiteFooter } from '@/components/SiteFooter'
import { SiteHeader } from '@/components/SiteHeader'
import { activeAlerts, buildDay } from '@/lib/content/alerts'
import { TOP_ANCHOR } from '@/lib/content/markdown'
import { getSiteContent } from '@/lib/content/site'
import { resolveNavigation } from '@/lib/navigation'

type PageShellProps = {
  /** The route being rendered, or null for the not-found page. */
  route: string | null
  title: string
  /** Whether the search index should include the page (not the 404 or search pages). */
  searchable?: boolean
  children: ReactNode
}

/**
 * The frame of every page: skip link, header and navigation, one main
 * landmark holding the page's only h1, and the footer. It lives here rather
 * than in the root layout because it marks the current page in the menu.
 */
export function PageShell({ route, title, searchable = true, children }: PageShellProps) {
  const { registries, alerts } = getSiteContent()
  const navigation = resolveNavigation(registries)
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader site={registries.site} navigation={navigation.main} currentRoute={route} />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-page px-4 pt-8"
        data-pagefind-body={searchable ? '' : undefined}
      >
        <div data-pagefind-ignore="">
          <AlertBanner alerts={activeAlerts(alerts, buildDay())} />
        </div>
        <h1
          id={TOP_ANCHOR}
          className="max-w-prose text-3xl font-bold leading-tight text-brand-dark sm:text-4xl"
        >
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </main>
      <SiteFooter site={registries.site} links={navigation.footer} />
    </>
  )
}
