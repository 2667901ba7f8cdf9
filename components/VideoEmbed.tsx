import { MarkdownBody } from '#components/MarkdownBody.tsx'
import { CONTROLS_AFTER_PAINT } from '#lib/browser-scripts/video-controls.ts'
import type { VideoEntry } from '#lib/content/schemas.ts'
import { PLAYER_ALLOW, youtubeEmbedUrl, youtubeId } from '#lib/providers.ts'
import { CAPTIONS_PATH } from '#lib/routes.ts'

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

function ratioClass(width: number, height: number): string {
  const divisor = gcd(width, height)
  return RATIO_CLASSES[`${width / divisor}/${height / divisor}`] ?? 'aspect-[4/3]'
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/**
 * A video with its title above it and a direct link below it. Files play in
 * the browser's own player and load nothing until played, with English
 * captions when videos.yaml names a captions file; the player gets its
 * controls once the page is drawn (see FilePlayer). A YouTube video shows a
 * poster with a play button, and nothing comes from YouTube until it is
 * pressed (see YouTubePoster). A transcript, when there is one, opens below
 * the video.
 */
export function VideoEmbed({ video, transcriptHtml }: VideoEmbedProps) {
  const id = youtubeId(video.url)
  return (
    <figure className="my-8 max-w-full">
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
        <YouTubePoster video={video} id={id!} />
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

/**
 * The browser's own player for a video file. Its controls cost a page more
 * style and layout work before its first paint than all the rest of the
 * page, so the page's player comes without them, and the site script adds
 * them once the page is drawn (lib/browser-scripts/video-controls.ts). The
 * copy in <noscript> has them from the start, for a browser without
 * JavaScript, where the stylesheet hides the other.
 */
function FilePlayer({
  video,
  withControls = false,
}: {
  video: VideoEntry
  withControls?: boolean
}) {
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

/**
 * A YouTube video before it is played: a dark box of the player's size with
 * a play button. Pressing it puts YouTube's player (from its no-cookie
 * address) in the box and starts the video (lib/browser-scripts/video-posters.ts),
 * so a visitor who does not play it loads nothing from YouTube, and the page
 * is drawn without waiting for YouTube's player. Without JavaScript the
 * player in <noscript> shows instead and the poster is hidden by the
 * stylesheet.
 */
function YouTubePoster({ video, id }: { video: VideoEntry; id: string }) {
  const { width, height } = video
  const frameClass = `block h-auto max-w-full border-0 ${ratioClass(width, height)}`
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
          {/* Focused, the whole poster takes the site's yellow focus fill and
              the words its dark text, so the label drops its own box. */}
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
