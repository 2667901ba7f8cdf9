import { MarkdownBody } from '#components/MarkdownBody.tsx'
import { CONTROLS_AFTER_PAINT } from '#lib/browser-scripts/video-controls.ts'
import { clock, type Cue } from '#lib/content/check.ts'
import type { VideoEntry } from '#lib/content/schemas.ts'
import { PLAYER_ALLOW, youtubeEmbedUrl, youtubeId } from '#lib/providers.ts'
import { CAPTIONS_PATH } from '#lib/routes.ts'

// lines: the captions and descriptions ("Seen: …") by time; trackSrc: where a captions file is read
// from, the site's copy or (the editor's preview) the draft.
type Props = { video: VideoEntry; trackSrc?: (file: string) => string; withControls?: boolean }
type VideoEmbedProps = Props & { transcriptHtml?: string; lines?: Cue[] }
/** The video at a moment: the file's own player, or YouTube's page (whose player the site cannot time). */
const momentUrl = ({ provider, url }: VideoEntry, at: number) =>
  provider === 'file'
    ? `${url}#t=${at}`
    : `https://www.youtube.com/watch?v=${youtubeId(url)}&t=${Math.floor(at)}s`

// An iframe keeps its proportions as it shrinks on a phone from a class (<video> from its size).
const RATIO_CLASSES: Record<number, string> = { [7 / 4]: 'aspect-[7/4]', [16 / 9]: 'aspect-video' }

/** A video with its title, a direct link and its transcript (video-transcript.ts plays a line). */
export function VideoEmbed({ video, transcriptHtml, lines = [], trackSrc }: VideoEmbedProps) {
  const file = video.provider === 'file'
  return (
    <figure id={`video-${video.id}`} className="my-8 max-w-full">
      <figcaption className="mb-2 text-lg font-bold">{video.title}</figcaption>
      {video.description ? <p className="mb-2">{video.description}</p> : null}
      {file ? (
        <>
          <FilePlayer video={video} trackSrc={trackSrc} />
          <noscript>
            <FilePlayer video={video} trackSrc={trackSrc} withControls />
          </noscript>
        </>
      ) : (
        <YouTubePoster video={video} />
      )}
      {file && video.descriptions ? (
        <button
          type="button"
          hidden
          aria-pressed="false"
          data-describe=""
          className="mt-2 rounded border-2 border-ink px-3 py-1 font-semibold"
        >
          Read the descriptions aloud
        </button>
      ) : null}
      <p className="mt-2">
        <a href={video.url} className="print-url">
          {video.provider === 'file'
            ? `Open “${video.title}” on its own (MP4)`
            : `Watch “${video.title}” on YouTube`}
        </a>
      </p>
      {lines.length > 0 || transcriptHtml ? (
        <details open className="mt-2 max-w-prose">
          <summary className="font-semibold">Transcript of “{video.title}”</summary>
          {lines.length > 0 ? (
            <ol className="my-2 list-none space-y-1 p-0">
              {lines.map((line, i) => (
                <li key={i}>
                  <a href={momentUrl(video, line.start)} data-seek={file ? line.start : undefined}>
                    <time className="font-semibold tabular-nums">{clock(line.start)}</time>
                    {` ${line.text}`}
                  </a>
                </li>
              ))}
            </ol>
          ) : null}
          {transcriptHtml ? <MarkdownBody html={transcriptHtml} /> : null}
        </details>
      ) : null}
    </figure>
  )
}

/** The browser's player: its controls, costly before first paint, come later (video-controls.ts). */
function FilePlayer({ video, withControls, trackSrc = (f) => CAPTIONS_PATH + f }: Props) {
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
      {(['captions', 'descriptions'] as const).map((kind) =>
        video[kind] ? (
          <track
            key={kind}
            kind={kind}
            src={trackSrc(video[kind])}
            srcLang="en"
            label={kind === 'captions' ? 'English' : 'Descriptions'}
            default={kind === 'captions'}
          />
        ) : null
      )}
      Your browser cannot play this video here. <a href={video.url}>Download the video (MP4)</a>.
    </video>
  )
}

/** Asks YouTube to show the video's captions, where it has any, without a click on CC. */
const CAPTIONS_ON = 'cc_load_policy=1'

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
          data-player-src={`${youtubeEmbedUrl(id)}?autoplay=1&${CAPTIONS_ON}`}
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
          src={`${youtubeEmbedUrl(id)}?${CAPTIONS_ON}`}
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
