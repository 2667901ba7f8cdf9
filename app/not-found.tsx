import type { Metadata } from 'next'
import { PageIndex } from '@/components/PageIndex'
import { PageShell } from '@/components/PageShell'
import { getSiteContent } from '@/lib/content/site'
import { browserTitle } from '@/lib/metadata'

export function generateMetadata(): Metadata {
  const { site } = getSiteContent().registries
  return { title: browserTitle('Page not found', site), robots: { index: false } }
}

/** Exported as 404.html: says what happened and offers every page of the site. */
export default function NotFound() {
  const { pages } = getSiteContent()
  return (
    <PageShell route={null} title="Page not found" searchable={false}>
      <div className="prose-site">
        <p>
          We could not find that page. It may have moved, or the address may have a typing mistake.
        </p>
        <p>
          Go to the <a href="/">home page</a>, or choose a page from the list below.
        </p>
      </div>
      <PageIndex pages={pages} />
    </PageShell>
  )
}
