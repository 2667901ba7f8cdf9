// The browser's own video player (components/VideoEmbed.tsx) comes without
// its controls, and this gives them once the page has loaded and been drawn.
// Building the controls was most of the extra work a page with a video did
// before its first paint (README, "Design decisions", has the figures); nothing
// else about the player changes, and it loads nothing until played either
// way. Without JavaScript, the <noscript> copy of each player, with its
// controls, shows instead.
import { afterPaint } from '#lib/browser-scripts/after-paint.ts'

/** The attribute that marks a player waiting for its controls. */
export const CONTROLS_AFTER_PAINT = 'data-controls-after-paint'

/**
 * Gives every waiting player its controls once the page is loaded and drawn
 * (`firstPaint: false` waits for a drawn frame only; see afterPaint).
 */
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
