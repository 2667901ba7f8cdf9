// The external form frames (components/ExternalFormFrame.tsx) wait in the
// page as empty boxes with their address in data-src. This gives each frame
// its address once the page has loaded and been drawn, so JotForm's page,
// which is much larger than the bureau's, does not hold up the bureau's own
// text. Without JavaScript, the <noscript> copy of each frame loads instead.
import { afterPaint } from '#lib/browser-scripts/after-paint.ts'

/**
 * Starts loading every waiting form frame once the page is loaded and drawn
 * (`firstPaint: false` waits for a drawn frame only; see afterPaint).
 */
export function loadFormFrames(
  root: Document = document,
  win: Window = window,
  options: { firstPaint?: boolean } = {}
) {
  // A frame whose address differs from its data-src: new ones, and, in the
  // editor's preview, one whose form the editor has just changed.
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
