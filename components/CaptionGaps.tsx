import type { CaptionGap } from '#lib/content/blocks.ts'
import { routeHref } from '#lib/routes.ts'

type CaptionGapsProps = { gaps: CaptionGap[] }

/**
 * The videos that have no captions yet, each with the pages that show it
 * (the `@videos-without-captions` line). It is made from videos.yaml, so the
 * accessibility statement stays true as captions are added.
 */
export function CaptionGaps({ gaps }: CaptionGapsProps) {
  if (gaps.length === 0) return <p className="my-4">Every video on this site has captions.</p>
  return (
    <ul className="my-4 max-w-prose list-disc space-y-1 pl-6">
      {gaps.map(({ video, pages }) => (
        <li key={video.id}>
          “{video.title}”
          {pages.length ? (
            <>
              {' '}
              (on{' '}
              {pages.map((page, i) => (
                <span key={page.route}>
                  {i > 0 ? ', ' : null}
                  <a href={routeHref(page.route)}>{page.title}</a>
                </span>
              ))}
              )
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
