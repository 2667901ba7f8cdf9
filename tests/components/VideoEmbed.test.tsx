import { renderToStaticMarkup } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VideoEmbed } from '#components/VideoEmbed.tsx'
import { fixture, registries } from './fixture-content.ts'

const fast = registries.videos.get('fire-is-fast')!
const reading = registries.videos.get('reading')!

describe('VideoEmbed', () => {
  it('plays an MP4 file in a native player that loads nothing until played', () => {
    const { container } = render(<VideoEmbed video={fast} />)
    const video = container.querySelector('video')!
    // Its controls come from the site script once the page is drawn.
    expect(video).not.toHaveAttribute('controls')
    expect(video).toHaveAttribute('data-controls-after-paint')
    expect(video).toHaveAttribute('preload', 'none')
    expect(video).toHaveAttribute('src', fast.url)
    expect(video).toHaveAttribute('width', '600')
    expect(video).toHaveAttribute('height', '450')
    expect(video).toHaveAccessibleName(fast.title)
    expect(screen.getByText(fast.title, { selector: 'figcaption' })).toBeVisible()
    expect(
      screen.getByRole('link', { name: `Open “${fast.title}” on its own (MP4)` })
    ).toHaveAttribute('href', fast.url)
  })

  it('has a copy with its controls for a browser without JavaScript', () => {
    const html = renderToStaticMarkup(<VideoEmbed video={fast} />)
    const parse = (markup: string) =>
      Object.assign(document.createElement('div'), { innerHTML: markup }).querySelector('video')!
    const copy = parse(/<noscript>(.*?)<\/noscript>/s.exec(html)![1]!)
    expect(copy).toHaveAttribute('controls')
    expect(copy).not.toHaveAttribute('data-controls-after-paint')
    // Otherwise the same player: its file, size, name, captions and fallback.
    const player = parse(html)
    for (const name of ['src', 'preload', 'width', 'height', 'class', 'aria-label'])
      expect(copy.getAttribute(name), name).toBe(player.getAttribute(name))
    expect(copy.innerHTML).toBe(player.innerHTML)
  })

  it('adds English captions from the captions file the registry names', () => {
    const { container } = render(<VideoEmbed video={fast} />)
    const track = container.querySelector('video > track')!
    expect(track).toHaveAttribute('kind', 'captions')
    expect(track).toHaveAttribute('src', '/captions/fire-is-fast.vtt')
    expect(track).toHaveAttribute('srclang', 'en')
    expect(track).toHaveAttribute('label', 'English')
    const { container: without } = render(<VideoEmbed video={{ ...fast, captions: undefined }} />)
    expect(without.querySelector('track')).toBeNull()
  })

  it('shows the transcript under the video, closed until opened', () => {
    const block = fixture.byRoute.get('/lessons')!.blocks.find((b) => b.kind === 'video')!
    if (block.kind !== 'video') throw new Error('no video block')
    const { container } = render(
      <VideoEmbed video={block.video} transcriptHtml={block.transcriptHtml} />
    )
    const details = container.querySelector('details')!
    expect(details).not.toHaveAttribute('open')
    expect(details.querySelector('summary')).toHaveTextContent('Transcript of “Fire Is Fast”')
    expect(details).toHaveTextContent('A narrator says that fire is fast.')
    expect(details.querySelector('a')).toHaveAttribute('href', '/fees/')
  })

  it('shows a YouTube video as a poster with a play button, and its player only without JavaScript', () => {
    const { container } = render(<VideoEmbed video={reading} />)
    // Nothing from YouTube in the page: the player is in <noscript>, which a
    // browser running scripts does not load.
    expect(container.querySelector('iframe')).toBeNull()
    const button = screen.getByRole('button', { name: `Play “${reading.title}” from YouTube` })
    expect(button).toHaveAttribute(
      'data-player-src',
      'https://www.youtube-nocookie.com/embed/Sl3bUZSW5TU?autoplay=1'
    )
    expect(button).toHaveAttribute('data-player-title', reading.title)
    expect(button.dataset.playerClass).toContain('aspect-[4/3]')
    const html = renderToStaticMarkup(<VideoEmbed video={reading} />)
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)![1]!
    expect(noscript).toContain('src="https://www.youtube-nocookie.com/embed/Sl3bUZSW5TU"')
    expect(noscript).toContain('loading="lazy"')
    expect(noscript).toContain(`title="${reading.title}"`)
    expect(
      screen.getByRole('link', { name: `Watch “${reading.title}” on YouTube` })
    ).toHaveAttribute('href', reading.url)
  })

  it('keeps the frame proportions of 600x450, 700x400 and 1280x720', () => {
    // The player YouTube's poster puts in its place keeps the poster's proportions.
    const frame = (width: number, height: number) =>
      render(<VideoEmbed video={{ ...reading, width, height }} />)
        .container.querySelector('[data-player-class]')!
        .getAttribute('data-player-class')
    expect(frame(600, 450)).toContain('aspect-[4/3]')
    expect(frame(700, 400)).toContain('aspect-[7/4]')
    expect(frame(1280, 720)).toContain('aspect-video')
  })
})
