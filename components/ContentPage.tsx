import { PageBody } from '@/components/PageBody'
import { PageShell } from '@/components/PageShell'
import { getSiteContent } from '@/lib/content/site'

/** A page from content/pages, in the site frame. */
export function ContentPage({ route }: { route: string }) {
  const content = getSiteContent()
  const page = content.byRoute.get(route)
  if (!page) throw new Error(`No page for route ${route}`)
  return (
    <PageShell
      route={route}
      title={page.title}
      searchable={!page.blocks.some((b) => b.kind === 'search')}
    >
      <PageBody page={page} content={content} />
    </PageShell>
  )
}
