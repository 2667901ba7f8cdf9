import type { Metadata } from 'next'
import { PageShell } from '#components/PageShell.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { feedLink, tabTitle } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

const TITLE = 'Page not found'

export function generateMetadata(): Metadata {
  const { site } = siteContent().registries
  return {
    title: tabTitle({ title: TITLE }, site),
    robots: { index: false },
    alternates: { types: feedLink(site) },
  }
}

/**
 * Exported as 404.html: says what happened and points to the home page and to
 * the search page (which also lists every page, by its `@page-index` line).
 * A list of every page is not put here: Next.js puts this page into the
 * data of every other page, so such a list would make each page's build
 * grow with the size of the site.
 */
export default function NotFound() {
  const frame = pageFrame(siteContent(), null)
  return (
    <PageShell {...frame} title={TITLE}>
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
