import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadFormFrames } from '#lib/browser-scripts/form-frames.ts'
import { fakeWindow } from './fake-window.ts'

// The form frames wait as empty boxes and get their address from the site
// script once the page has loaded and been drawn.

function page(readyState: DocumentReadyState) {
  document.body.innerHTML = `
    <iframe data-src="https://form.example/1" title="One"></iframe>
    <iframe data-src="https://form.example/2" title="Two"></iframe>`
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState)
  return [...document.querySelectorAll('iframe')]
}

const sources = (frames: HTMLIFrameElement[]) => frames.map((f) => f.getAttribute('src'))

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('form frames in the browser', () => {
  it('stay empty until the page has loaded and the next frame is drawn', () => {
    const frames = page('interactive')
    const { win, load, paint, tick } = fakeWindow()
    loadFormFrames(document, win)
    expect(win.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true })
    expect(sources(frames)).toEqual([null, null])
    load()
    paint()
    expect(sources(frames)).toEqual([null, null])
    tick()
    expect(sources(frames)).toEqual(['https://form.example/1', 'https://form.example/2'])
  })

  it('load after the next paint when the page has already loaded', () => {
    const frames = page('complete')
    const { win, paint, tick } = fakeWindow()
    loadFormFrames(document, win)
    expect(win.addEventListener).not.toHaveBeenCalled()
    paint()
    tick()
    expect(sources(frames)).toEqual(['https://form.example/1', 'https://form.example/2'])
  })

  it('follow a frame whose form has changed (the editor preview reuses the frame)', () => {
    const [first, second] = page('complete')
    first!.setAttribute('src', 'https://form.example/old')
    second!.setAttribute('src', 'https://form.example/2')
    const { win, paint, tick } = fakeWindow()
    loadFormFrames(document, win)
    paint()
    tick()
    expect(sources([first!, second!])).toEqual(['https://form.example/1', 'https://form.example/2'])
  })

  it("wait for the browser's record of the first paint, where it keeps one", () => {
    const frames = page('complete')
    const { win, paint, tick } = fakeWindow()
    const painted: string[] = []
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = []
    const list = { getEntriesByName: (name: string) => painted.filter((entry) => entry === name) }
    Object.assign(win, {
      performance: list,
      PerformanceObserver: Object.assign(
        function (this: object, callback: (typeof observers)[number]) {
          observers.push(callback)
          return Object.assign(this, { observe: () => {}, disconnect: () => {} })
        },
        { supportedEntryTypes: ['paint'] }
      ),
    })
    loadFormFrames(document, win)
    paint()
    tick()
    expect(sources(frames)).toEqual([null, null])
    painted.push('first-paint')
    observers.forEach((observe) => observe(list))
    paint()
    tick()
    expect(sources(frames)).toEqual([null, null])
    painted.push('first-contentful-paint')
    observers.forEach((observe) => observe(list))
    expect(sources(frames)).toEqual([null, null])
    paint()
    tick()
    expect(sources(frames)).toEqual(['https://form.example/1', 'https://form.example/2'])
  })

  it('do nothing on a page without a form frame', () => {
    document.body.innerHTML = '<iframe src="https://video.example/1" title="Video"></iframe>'
    const { win } = fakeWindow()
    loadFormFrames(document, win)
    expect(win.addEventListener).not.toHaveBeenCalled()
  })
})
