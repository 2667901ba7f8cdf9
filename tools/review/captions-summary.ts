// `npm run captions:summary`: the videos still without captions or descriptions, as Markdown for a
// pull request's run summary (the content check gives the same as notices, line by line).
import { siteContent } from '#lib/content/disk.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { routeHref } from '#lib/routes.ts'

export function captionsSummary({ registries, pages }: SiteContent): string {
  const lines = [...registries.videos.values()].flatMap((video) => {
    const missing = (['captions', 'descriptions'] as const).filter((field) => !video[field])
    const on = pages.filter((p) =>
      p.blocks.some((b) => b.kind === 'video' && b.video.id === video.id)
    )
    const where = on.map((p) => routeHref(p.route)).join(', ') || 'no page'
    return missing.length
      ? [`- ${video.title} (\`${video.id}\`): no ${missing.join(', no ')}; on ${where}`]
      : []
  })
  return `### Videos without captions or descriptions\n\n${lines.join('\n') || 'None.'}\n`
}

if (import.meta.main) process.stdout.write(captionsSummary(siteContent()))
