import { afterEach, describe, expect, it } from 'vitest'
import { startVideoPosters } from '#lib/browser-scripts/video-posters.ts'
import { PLAYER_ALLOW } from '#lib/providers.ts'

// A YouTube poster (components/VideoEmbed.tsx) as the page has it; its
// button carries what the player needs.
function poster(id: string) {
  const wrapper = document.createElement('div')
  wrapper.setAttribute('data-video-poster', '')
  wrapper.innerHTML = `
    <svg aria-hidden="true" width="600" height="450"></svg>
    <button type="button"
      data-player-src="https://www.youtube-nocookie.com/embed/${id}?autoplay=1"
      data-player-title="Video ${id}" data-player-class="block aspect-[4/3]"
      data-player-width="600" data-player-height="450"><span>Play “Video ${id}” from YouTube</span></button>`
  document.body.append(wrapper)
  return wrapper
}

afterEach(() => document.body.replaceChildren())

describe('YouTube posters in the browser', () => {
  it('put the player in the poster on a press, focused, and hide the poster', () => {
    const wrapper = poster('AAAAAAAAAAA')
    startVideoPosters(document)
    expect(document.querySelector('iframe')).toBeNull()
    // A press on the words inside the button counts as a press of the button.
    wrapper.querySelector('span')!.click()
    const frame = wrapper.querySelector('iframe')!
    expect(frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/AAAAAAAAAAA?autoplay=1'
    )
    expect(frame.title).toBe('Video AAAAAAAAAAA')
    expect(frame.className).toBe('block aspect-[4/3]')
    expect([frame.width, frame.height]).toEqual(['600', '450'])
    expect(frame.allow).toBe(PLAYER_ALLOW)
    expect(document.activeElement).toBe(frame)
    expect(wrapper.querySelector('svg')!.hasAttribute('hidden')).toBe(true)
    expect(wrapper.querySelector('button')!.hidden).toBe(true)
  })

  it('serve posters drawn after the script started, with one listener per document', () => {
    startVideoPosters(document)
    startVideoPosters(document)
    const later = poster('BBBBBBBBBBB')
    later.querySelector('button')!.click()
    expect(later.querySelectorAll('iframe')).toHaveLength(1)
  })

  it('play only the poster pressed', () => {
    const [first, second] = [poster('CCCCCCCCCCC'), poster('DDDDDDDDDDD')]
    startVideoPosters(document)
    second.querySelector('button')!.click()
    expect(first.querySelector('iframe')).toBeNull()
    expect(second.querySelector('iframe')).not.toBeNull()
  })
})
