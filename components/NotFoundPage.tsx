import { PageShell } from '#components/PageShell.tsx'
import type { PageFrame } from '#lib/page-frame.ts'

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
