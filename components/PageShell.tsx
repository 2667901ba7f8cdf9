import type { ReactNode } from 'react'
import { AlertBanner } from '#components/AlertBanner.tsx'
import { PageBody } from '#components/PageBody.tsx'
import { SiteFooter } from '#components/SiteFooter.tsx'
import { SiteHeader } from '#components/SiteHeader.tsx'
import { BROWSER_SCRIPTS } from '#lib/browser-scripts/catalog.ts'
import type { Page } from '#lib/content/index.ts'
import { TOP_ANCHOR } from '#lib/content/markdown/processor.ts'
import { PAGE_DATE_PENDING, type PageFrame } from '#lib/page-frame.ts'

type PageShellProps = PageFrame & { title: string; children: ReactNode }

/** Every page's frame: skip link, header, main landmark with its only h1, footer, scripts. */
export function PageShell({ title, children, ...frame }: PageShellProps) {
  return (
    <>
      {/* React puts this in <head>. The editor's preview passes none: the editor has its own. */}
      {frame.policy ? <meta httpEquiv="Content-Security-Policy" content={frame.policy} /> : null}
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader
        site={frame.site}
        navigation={frame.navigation.main}
        currentRoute={frame.route}
        searchHref={frame.searchHref}
      />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-page px-4 pt-8"
        data-pagefind-body={frame.searchable ? '' : undefined}
        data-pagefind-filter={frame.searchable ? 'kind:page' : undefined}
      >
        <div data-pagefind-ignore="">
          <AlertBanner alerts={frame.alerts} />
        </div>
        <h1
          id={TOP_ANCHOR}
          className="max-w-prose text-3xl font-bold leading-tight text-brand-dark sm:text-4xl"
        >
          {title}
        </h1>
        <div className="mt-6">{children}</div>
        {frame.route === null ? null : (
          <p className="mt-12 text-base" data-pagefind-ignore="">
            Last updated: <time data-page-date="">{PAGE_DATE_PENDING}</time>
            {/* On paper the header and footer are left out: the page says whose it is. */}
            <span className="hidden print:inline">
              {` · ${frame.site.name}, ${frame.site.organization}, ${frame.site.address.street}, ${frame.site.address.city}, ${frame.site.address.state} ${frame.site.address.zip}, ${frame.site.phone}`}
            </span>
          </p>
        )}
      </main>
      <SiteFooter site={frame.site} {...frame.navigation} />
      {/* Deferred: each only adds to what the HTML already does. */}
      {frame.scripts.map((name) => (
        <script key={name} src={BROWSER_SCRIPTS[name].src} defer />
      ))}
    </>
  )
}

/** A page of content/pages in its frame. */
export function ContentPage({ page, frame }: { page: Page; frame: PageFrame }) {
  return (
    <PageShell {...frame} title={page.title}>
      <PageBody page={page} />
    </PageShell>
  )
}

export const NOT_FOUND_TITLE = 'Page not found'

/** The not-found page. No list of pages: Next.js puts this page into every page's build data. */
export function NotFoundPage({ frame }: { frame: PageFrame }) {
  return (
    <PageShell {...frame} title={NOT_FOUND_TITLE}>
      <div className="prose-site">
        <p>
          We could not find that page. It may have moved, or the address may have a typing mistake.
        </p>
        <p>
          Go to the <a href="/">home page</a>
          {frame.searchHref ? (
            <>
              , or <a href={frame.searchHref}>search the site</a>
            </>
          ) : null}
          .
        </p>
      </div>
    </PageShell>
  )
}
