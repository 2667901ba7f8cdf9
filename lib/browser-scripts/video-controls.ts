// Video players (components/VideoEmbed.tsx) get their controls once the page
// is drawn: building them was most of a video page's work before first paint.
import { afterPaint } from '#lib/browser-scripts/after-paint.ts'

export const CONTROLS_AFTER_PAINT = 'data-controls-after-paint'

export function showVideoControls(
  root: Document = document,
  win: Window = window,
  options: { firstPaint?: boolean } = {}
) {
  const players = [...root.querySelectorAll<HTMLVideoElement>(`video[${CONTROLS_AFTER_PAINT}]`)]
  if (players.every((player) => player.controls)) return
  afterPaint(
    () => {
      for (const player of players) player.controls = true
    },
    root,
    win,
    options
  )
}
