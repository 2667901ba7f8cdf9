import { afterEach, describe, expect, it, vi } from 'vitest'
import { showVideoControls } from '#lib/browser-scripts/video-controls.ts'
import { fakeWindow } from './fake-window.ts'

// A video file's player comes without its controls, which the site script
// gives it once the page has loaded and been drawn; a player that has them
// already (the <noscript> copy, or one shown before) is left as it is.

function page(readyState: DocumentReadyState) {
  document.body.innerHTML = `
    <video data-controls-after-paint="" aria-label="One" src="https://video.example/1.mp4"></video>
    <video data-controls-after-paint="" aria-label="Two" src="https://video.example/2.mp4"></video>`
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState)
  return [...document.querySelectorAll('video')]
}

const controls = (players: HTMLVideoElement[]) => players.map((player) => player.controls)

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('video controls in the browser', () => {
  it('come once the page has loaded and the next frame is drawn', () => {
    const players = page('interactive')
    const { win, load, paint, tick } = fakeWindow()
    showVideoControls(document, win)
    expect(win.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true })
    load()
    paint()
    expect(controls(players)).toEqual([false, false])
    tick()
    expect(controls(players)).toEqual([true, true])
    expect(players[0]).toHaveAttribute('controls')
  })

  it('come after the next paint when the page has already loaded', () => {
    const players = page('complete')
    const { win, paint, tick } = fakeWindow()
    showVideoControls(document, win)
    expect(win.addEventListener).not.toHaveBeenCalled()
    paint()
    tick()
    expect(controls(players)).toEqual([true, true])
  })

  it('leave a page alone when every player has its controls, or there is none', () => {
    const players = page('interactive')
    for (const player of players) player.controls = true
    const { win } = fakeWindow()
    showVideoControls(document, win)
    document.body.innerHTML = '<video controls aria-label="Shown" src="/a.mp4"></video>'
    showVideoControls(document, win)
    expect(win.addEventListener).not.toHaveBeenCalled()
  })
})
