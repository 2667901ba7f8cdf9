// Work that can wait until the page has been drawn, so the first paint (the
// page's text) never waits for it.

/**
 * Runs `work` once the page has loaded and the next frame has been painted:
 * a timeout queued from an animation frame runs after that frame is drawn.
 */
export function afterPaint(work: () => void, root: Document = document, win: Window = window) {
  const queue = () => win.requestAnimationFrame(() => win.setTimeout(work, 0))
  if (root.readyState === 'complete') queue()
  else win.addEventListener('load', queue, { once: true })
}
