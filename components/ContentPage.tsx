import { PageBody } from '@/components/PageBody'
import { PageShell } from '@/components/PageShell'
import type { Page } from '@/lib/content/validate'
import type { PageFrame } from '@/lib/page-frame'

type ContentPageProps = { page: Page; frame: PageFrame }

/** A page from content/pages, in the site frame. */
export function ContentPage({ page, frame }: ContentPageProps) {
  return (
    <PageShell {...frame} title={page.title}>
      <PageBody page={page} />
    </PageShell>
  )
}
