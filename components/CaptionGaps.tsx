import type { CaptionGap } from '#lib/content/blocks.ts'
import { routeHref } from '#lib/routes.ts'

/** The videos without captions or descriptions yet, each with the pages that show it (`@videos-without-captions`). */
export function CaptionGaps({ gaps }: { gaps: CaptionGap[] }) {
  if (gaps.length === 0)
    return <p className="my-4">Every video on this site has captions and descriptions.</p>
  return (
    <ul className="my-4 max-w-prose list-disc space-y-1 pl-6">
      {gaps.map(({ video, missing, pages }) => (
        <li key={video.id}>
          “{video.title}”: no {missing.join(' and no ')}
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
