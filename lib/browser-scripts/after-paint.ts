const FIRST_PAINT = 'first-contentful-paint'

export type PaintOptions = { firstPaint?: boolean }

/**
 * Runs `work` once the page has loaded, its first text is painted and the next frame drawn (a
 * timeout queued from an animation frame). Without a first-paint record, or with `firstPaint:
 * false` (the editor's preview, where none may be recorded), after one drawn frame.
 */
export function afterPaint(
  work: () => void,
  root: Document,
  win: Window,
  { firstPaint = true }: PaintOptions
) {
  const queue = () => void win.requestAnimationFrame(() => win.setTimeout(work, 0))
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
