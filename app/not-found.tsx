import type { Metadata } from 'next'
import { PageIndex } from '@/components/PageIndex'
import { PageShell } from '@/components/PageShell'
import { getSiteContent } from '@/lib/content/load'
import { feedLink, tabTitle } from '@/lib/metadata'
import { pageFrame } from '@/lib/page-frame'

const TITLE = 'Page not found'

export function generateMetadata(): Metadata {
  const { site } = getSiteContent().registries
  return {
    title: tabTitle({ title: TITLE }, site),
    robots: { index: false },
    alternates: { types: feedLink(site) },
  }
}

/** Exported as 404.html: says what happened and offers every page of the site. */
export default function NotFound() {
  const content = getSiteContent()
  return (
    <PageShell {...pageFrame(content, null)} title={TITLE}>
      <div className="prose-site">
        <p>
          We could not find that page. It may have moved, or the address may have a typing mistake.
        </p>
        <p>
          Go to the <a href="/">home page</a>, or choose a page from the list below.
        </p>
      </div>
      <PageIndex pages={content.pages} />
    </PageShell>
  )
}
