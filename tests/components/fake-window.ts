import { vi } from 'vitest'

/**
 * A window whose load event, animation frames and timeouts the test runs by
 * hand, for the site script's work that waits for the page to be drawn
 * (lib/browser-scripts/after-paint.ts).
 */
export function fakeWindow() {
  const listeners: (() => void)[] = []
  const frames: (() => void)[] = []
  const timeouts: (() => void)[] = []
  const win = {
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.push(listener)),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timeouts.push(callback),
  } as unknown as Window
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((run) => run())
  return {
    win,
    load: () => flush(listeners),
    paint: () => flush(frames),
    tick: () => flush(timeouts),
  }
}
