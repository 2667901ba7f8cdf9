import { MarkdownBody } from '#components/MarkdownBody.tsx'
import { CONTROLS_AFTER_PAINT } from '#lib/browser-scripts/video-controls.ts'
import type { VideoEntry } from '#lib/content/schemas.ts'
import { PLAYER_ALLOW, youtubeEmbedUrl, youtubeId } from '#lib/providers.ts'
import { CAPTIONS_PATH } from '#lib/routes.ts'

type VideoEmbedProps = { video: VideoEntry; transcriptHtml?: string }

// An iframe keeps its proportions as it shrinks on a phone from a class (<video> from its size).
const RATIO_CLASSES: Record<number, string> = { [7 / 4]: 'aspect-[7/4]', [16 / 9]: 'aspect-video' }

/** A video with its title, a direct link and any transcript. Nothing loads until it is played. */
export function VideoEmbed({ video, transcriptHtml }: VideoEmbedProps) {
  return (
    <figure id={`video-${video.id}`} className="my-8 max-w-full">
      <figcaption className="mb-2 text-lg font-bold">{video.title}</figcaption>
      {video.description ? <p className="mb-2">{video.description}</p> : null}
      {video.provider === 'file' ? (
        <>
          <FilePlayer video={video} />
          <noscript>
            <FilePlayer video={video} withControls />
          </noscript>
        </>
      ) : (
        <YouTubePoster video={video} />
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

/** The browser's player: its controls, costly before first paint, come later (video-controls.ts). */
function FilePlayer({ video, withControls }: { video: VideoEntry; withControls?: boolean }) {
  return (
    <video
      controls={withControls}
      {...(withControls ? {} : { [CONTROLS_AFTER_PAINT]: '' })}
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
          src={`${CAPTIONS_PATH}${video.captions}`}
          srcLang="en"
          label="English"
          default
        />
      ) : null}
      Your browser cannot play this video here. <a href={video.url}>Download the video (MP4)</a>.
    </video>
  )
}

/** A YouTube video before it is played: a button that puts the player in (video-posters.ts). */
function YouTubePoster({ video }: { video: VideoEntry }) {
  const { width, height } = video
  const id = youtubeId(video.url)!
  const frameClass = `block h-auto max-w-full border-0 ${RATIO_CLASSES[width / height] ?? 'aspect-[4/3]'}`
  const r = Math.min(width, height) / 8
  const [cx, cy] = [width / 2, height / 2]
  return (
    <>
      <div data-video-poster="" className="relative inline-block max-w-full align-top">
        <svg
          aria-hidden="true"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto max-w-full bg-ink"
        >
          <circle cx={cx} cy={cy} r={r} className="fill-brand" />
          <path
            d={`M${cx - r * 0.35} ${cy - r * 0.5} L${cx + r * 0.55} ${cy} L${cx - r * 0.35} ${cy + r * 0.5} Z`}
            className="fill-white"
          />
        </svg>
        <button
          type="button"
          data-player-src={`${youtubeEmbedUrl(id)}?autoplay=1`}
          data-player-title={video.title}
          data-player-class={frameClass}
          data-player-width={width}
          data-player-height={height}
          className="group absolute inset-0 flex cursor-pointer items-end p-3 text-left"
        >
          {/* Focused, the poster takes the yellow focus fill, so the label drops its own box. */}
          <span className="rounded bg-ink px-3 py-2 font-semibold text-white group-focus-visible:bg-transparent">
            Play “{video.title}” from YouTube
          </span>
        </button>
      </div>
      <noscript>
        <iframe
          src={youtubeEmbedUrl(id)}
          title={video.title}
          width={width}
          height={height}
          loading="lazy"
          allow={PLAYER_ALLOW}
          className={frameClass}
        />
      </noscript>
    </>
  )
}
