// Video players (components/VideoEmbed.tsx) get their controls once the page is
// drawn: building them was most of a video page's work before first paint.
import { afterPaint, type PaintOptions } from '#lib/browser-scripts/after-paint.ts'

export const CONTROLS_AFTER_PAINT = 'data-controls-after-paint'

export function showVideoControls(root = document, win: Window = window, paint: PaintOptions = {}) {
  const players = [...root.querySelectorAll<HTMLVideoElement>(`video[${CONTROLS_AFTER_PAINT}]`)]
  const show = () => players.forEach((player) => (player.controls = true))
  if (!players.every((player) => player.controls)) afterPaint(show, root, win, paint)
}
