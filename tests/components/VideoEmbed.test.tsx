import { renderToStaticMarkup } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VideoEmbed } from '#components/VideoEmbed.tsx'
import { edit, fixtureCopy, loadContent, put } from '#tests/helpers/content.ts'
import { registries } from './fixture-content.ts'

const fast = registries.videos.get('fire-is-fast')!
const fixtureCaption = 'Fire is fast. In two minutes a fire can take over a room.'
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

  /** The lessons page's video block, in a copy of the test content changed by `change`. */
  function videoBlock(change: (dir: string) => void = () => {}) {
    const dir = fixtureCopy()
    change(dir)
    const block = loadContent(dir)
      .byRoute.get('/lessons')!
      .blocks.find((b) => b.kind === 'video')
    if (block?.kind !== 'video') throw new Error('no video block')
    return block
  }
  const described = (dir: string) => {
    put(
      dir,
      'captions/fast-seen.vtt',
      'WEBVTT\n\n00:00:01.500 --> 00:00:02.000\nSmoke fills &amp; <i>darkens</i> the room.\n'
    )
    edit(
      dir,
      'data/videos.yaml',
      'captions: fire-is-fast.vtt',
      'captions: fire-is-fast.vtt\n  descriptions: fast-seen.vtt'
    )
  }

  it('shows the transcript under the video, open (it prints), made from the captions and the descriptions', () => {
    const block = videoBlock(described)
    const { container } = render(<VideoEmbed {...block} />)
    const details = container.querySelector('details')!
    expect(details).toHaveAttribute('open')
    expect(details.querySelector('summary')).toHaveTextContent('Transcript of “Fire Is Fast”')
    // Each line in the order of its moment, a link to the video at that moment.
    const lines = [...details.querySelectorAll('li a')]
    expect(lines.map((a) => a.textContent)).toEqual([
      `0:00 ${fixtureCaption}`,
      '0:01.5 Seen: Smoke fills & darkens the room.',
    ])
    expect(lines.map((a) => a.getAttribute('href'))).toEqual([
      `${fast.url}#t=0`,
      `${fast.url}#t=1.5`,
    ])
    expect(lines.map((a) => a.getAttribute('data-seek'))).toEqual(['0', '1.5'])
    // And the Markdown transcript of videos.yaml, after the lines.
    expect(details).toHaveTextContent('A narrator says that fire is fast.')
    expect(details.querySelector('p a')).toHaveAttribute('href', '/fees/')
  })

  it('adds the descriptions track, and a button to hear them that the site script shows', () => {
    const block = videoBlock(described)
    const { container } = render(<VideoEmbed {...block} />)
    const track = container.querySelector('video > track[kind="descriptions"]')!
    expect(track).toHaveAttribute('src', '/captions/fast-seen.vtt')
    expect(track).not.toHaveAttribute('default')
    const button = container.querySelector('button[data-describe]')!
    expect(button).toHaveTextContent('Read the descriptions aloud')
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(button).toHaveAttribute('hidden')
    const { container: without } = render(<VideoEmbed {...videoBlock()} />)
    expect(without.querySelector('[data-describe], track[kind="descriptions"]')).toBeNull()
  })

  it('reads its tracks from where it is told (the editor preview reads the drafts)', () => {
    const block = videoBlock(described)
    const { container } = render(<VideoEmbed {...block} trackSrc={(file) => `data:,${file}`} />)
    expect([...container.querySelectorAll('track')].map((t) => t.getAttribute('src'))).toEqual([
      'data:,fire-is-fast.vtt',
      'data:,fast-seen.vtt',
    ])
  })

  it('shows a YouTube video as a poster with a play button, and its player only without JavaScript', () => {
    const { container } = render(<VideoEmbed video={reading} />)
    // Nothing from YouTube in the page: the player is in <noscript>, which a
    // browser running scripts does not load.
    expect(container.querySelector('iframe')).toBeNull()
    const button = screen.getByRole('button', { name: `Play “${reading.title}” from YouTube` })
    // YouTube is asked to show the video's captions, where it has any.
    expect(button).toHaveAttribute(
      'data-player-src',
      'https://www.youtube-nocookie.com/embed/Sl3bUZSW5TU?autoplay=1&cc_load_policy=1'
    )
    expect(button).toHaveAttribute('data-player-title', reading.title)
    expect(button.dataset.playerClass).toContain('aspect-[4/3]')
    const html = renderToStaticMarkup(<VideoEmbed video={reading} />)
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)![1]!
    expect(noscript).toContain(
      'src="https://www.youtube-nocookie.com/embed/Sl3bUZSW5TU?cc_load_policy=1"'
    )
    expect(noscript).toContain('loading="lazy"')
    expect(noscript).toContain(`title="${reading.title}"`)
    expect(
      screen.getByRole('link', { name: `Watch “${reading.title}” on YouTube` })
    ).toHaveAttribute('href', reading.url)
  })

  it("gives a YouTube video a plain transcript whose lines link to YouTube's own page at their moment", () => {
    const lines = [{ start: 65.7, end: 70, text: 'Stay low.' }]
    const { container } = render(<VideoEmbed video={reading} lines={lines} />)
    const line = container.querySelector('details li a')!
    expect(line).toHaveTextContent('1:05.7 Stay low.')
    expect(line).toHaveAttribute('href', 'https://www.youtube.com/watch?v=Sl3bUZSW5TU&t=65s')
    // The site script cannot move YouTube's player: the link is followed.
    expect(line).not.toHaveAttribute('data-seek')
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
