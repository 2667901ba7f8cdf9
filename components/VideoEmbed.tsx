import { MarkdownBody } from '#components/MarkdownBody.tsx'
import type { VideoEntry } from '#lib/content/schemas.ts'
import { youtubeEmbedUrl, youtubeId } from '#lib/providers.ts'
import { captionsHref } from '#lib/routes.ts'

type VideoEmbedProps = {
  video: VideoEntry
  /** The video's transcript, rendered from videos.yaml, when it has one. */
  transcriptHtml?: string
}

// Frames keep their proportions as they shrink on a phone. Width and height
// attributes give <video> its ratio; iframes need a class for it.
const RATIO_CLASSES: Record<string, string> = {
  '4/3': 'aspect-[4/3]',
  '7/4': 'aspect-[7/4]',
  '16/9': 'aspect-video',
}

export function ratioClass(width: number, height: number): string {
  const divisor = gcd(width, height)
  return RATIO_CLASSES[`${width / divisor}/${height / divisor}`] ?? 'aspect-[4/3]'
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/**
 * A video with its title above it and a direct link below it. Files play in
 * the browser's own player and load nothing until played, with English
 * captions when videos.yaml names a captions file; YouTube videos load in a
 * lazy frame from YouTube's no-cookie address. A transcript, when there is
 * one, opens below the video.
 */
export function VideoEmbed({ video, transcriptHtml }: VideoEmbedProps) {
  const id = youtubeId(video.url)
  return (
    <figure className="my-8 max-w-full">
      <figcaption className="mb-2 text-lg font-bold">{video.title}</figcaption>
      {video.description ? <p className="mb-2">{video.description}</p> : null}
      {video.provider === 'file' ? (
        <video
          controls
          preload="none"
          width={video.width}
          height={video.height}
          className="block h-auto max-w-full bg-ink"
          aria-label={video.title}
          src={video.url}
        >
          {video.captions ? (
            <track
              kind="captions"
              src={captionsHref(video.captions)}
              srcLang="en"
              label="English"
              default
            />
          ) : null}
          Your browser cannot play this video here. <a href={video.url}>Download the video (MP4)</a>
          .
        </video>
      ) : (
        <iframe
          src={youtubeEmbedUrl(id!)}
          title={video.title}
          width={video.width}
          height={video.height}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          className={`block h-auto max-w-full border-0 ${ratioClass(video.width, video.height)}`}
        />
      )}
      <p className="mt-2">
        <a href={video.url} className="print-url">
          {video.provider === 'file'
            ? `Open “${video.title}” on its own (MP4)`
            : `Watch “${video.title}” on YouTube`}
        </a>
      </p>
      {transcriptHtml ? (
        <details className="mt-2 max-w-prose">
          <summary className="font-semibold">Transcript of “{video.title}”</summary>
          <MarkdownBody html={transcriptHtml} />
        </details>
      ) : null}
    </figure>
  )
}
