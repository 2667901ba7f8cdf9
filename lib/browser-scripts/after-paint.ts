// Work that can wait until the page has been drawn, so the first paint (the
// page's text) never waits for it.

const FIRST_PAINT = 'first-contentful-paint'

/**
 * Runs `work` once the page has loaded, its first text or image has been
 * painted, and the frame after that has been drawn: a timeout queued from an
 * animation frame runs after that frame. Waiting for the browser's own
 * record of the first paint (where it keeps one) makes the order the same on
 * every load, however fast the page loaded; a browser that keeps no such
 * record waits for one drawn frame after loading, and so does a caller that
 * passes `firstPaint: false` (the editor's preview, a document drawn by a
 * script, where no first paint may be recorded).
 */
export function afterPaint(
  work: () => void,
  root: Document = document,
  win: Window = window,
  { firstPaint = true }: { firstPaint?: boolean } = {}
) {
  const queue = () => {
    win.requestAnimationFrame(() => win.setTimeout(work, 0))
  }
  const whenPainted = (): void => {
    const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
      .PerformanceObserver
    if (!firstPaint || !Observer?.supportedEntryTypes?.includes('paint')) return queue()
    if (win.performance.getEntriesByName(FIRST_PAINT).length > 0) return queue()
    const observer = new Observer((list: PerformanceObserverEntryList) => {
      if (list.getEntriesByName(FIRST_PAINT).length === 0) return
      observer.disconnect()
      queue()
    })
    observer.observe({ type: 'paint', buffered: true })
  }
  if (root.readyState === 'complete') whenPainted()
  else win.addEventListener('load', whenPainted, { once: true })
}
