import { PageBody } from '#components/PageBody.tsx'
import { PageShell } from '#components/PageShell.tsx'
import type { Page } from '#lib/content/index.ts'
import type { PageFrame } from '#lib/page-frame.ts'

export function ContentPage({ page, frame }: { page: Page; frame: PageFrame }) {
  return (
    <PageShell {...frame} title={page.title}>
      <PageBody page={page} />
    </PageShell>
  )
}
