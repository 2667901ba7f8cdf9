const FIRST_PAINT = 'first-contentful-paint'

/**
 * Runs `work` once the page has loaded, its first text has been painted and
 * the next frame drawn (a timeout queued from an animation frame runs after
 * it). Without a first-paint record, or with `firstPaint: false` (the editor's
 * preview, where none may be recorded), it waits for one drawn frame.
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
