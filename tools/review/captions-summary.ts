// `npm run captions:summary`: the videos still without captions or descriptions, as Markdown for a
// pull request's run summary (the content check gives the same as notices, line by line).
import { siteContent } from '#lib/content/disk.ts'
import type { SiteContent } from '#lib/content/index.ts'
import { routeHref } from '#lib/routes.ts'

export function captionsSummary({ registries, pages }: SiteContent): string {
  const videos = [...registries.videos.values()]
  const count = (field: 'captions' | 'descriptions') => videos.filter((v) => v[field]).length
  const rows = videos.flatMap((video) => {
    const missing = (['captions', 'descriptions'] as const).filter((field) => !video[field])
    const shown = pages.filter((p) =>
      p.blocks.some((b) => b.kind === 'video' && b.video.id === video.id)
    )
    return missing.length
      ? [
          `| ${video.title.replaceAll('|', '\\|')} (\`${video.id}\`) | ${missing.join(', ')} | ${shown.map((p) => routeHref(p.route)).join(', ') || 'none'} |`,
        ]
      : []
  })
  return [
    '### Captions and descriptions',
    '',
    `${count('captions')} of ${videos.length} videos have captions, ${count('descriptions')} have descriptions.`,
    ...(rows.length
      ? ['', '| Video | Still without | On pages |', '| --- | --- | --- |', ...rows]
      : []),
    '',
  ].join('\n')
}

if (import.meta.main) process.stdout.write(captionsSummary(siteContent()))
