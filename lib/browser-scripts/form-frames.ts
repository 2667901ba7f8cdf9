// Form frames (components/ExternalFormFrame.tsx) get their address from
// data-src once the page is drawn, so JotForm's much larger page does not hold
// up the bureau's own text.
import { afterPaint } from '#lib/browser-scripts/after-paint.ts'

export function loadFormFrames(
  root: Document = document,
  win: Window = window,
  options: { firstPaint?: boolean } = {}
) {
  // New frames, and in the editor's preview one whose form has just changed.
  const frames = [...root.querySelectorAll<HTMLIFrameElement>('iframe[data-src]')].filter(
    (frame) => frame.getAttribute('src') !== frame.dataset.src
  )
  if (frames.length === 0) return
  afterPaint(
    () => {
      for (const frame of frames) frame.src = frame.dataset.src!
    },
    root,
    win,
    options
  )
}
