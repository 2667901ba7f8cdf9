// Form frames (components/ExternalFormFrame.tsx) get their address once the page
// is drawn, so JotForm's much larger page does not hold up the bureau's own text.
import { afterPaint, type PaintOptions } from '#lib/browser-scripts/after-paint.ts'

export function loadFormFrames(root = document, win: Window = window, options: PaintOptions = {}) {
  // New frames, and in the editor's preview one whose form has just changed.
  const frames = [...root.querySelectorAll<HTMLIFrameElement>('iframe[data-src]')].filter(
    (frame) => frame.getAttribute('src') !== frame.dataset.src
  )
  const load = () => frames.forEach((frame) => (frame.src = frame.dataset.src!))
  if (frames.length > 0) afterPaint(load, root, win, options)
}
