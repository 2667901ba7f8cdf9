import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ratioClass, VideoEmbed } from '@/components/VideoEmbed'
import { registries } from './fixtures'

describe('VideoEmbed', () => {
  it('plays an MP4 file in a native player that loads nothing until played', () => {
    const { container } = render(<VideoEmbed video={registries.videos.get('fire-is-fast')!} />)
    const video = container.querySelector('video')!
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveAttribute('preload', 'none')
    expect(video).toHaveAttribute('src', 'https://media.example.org/FireIsFast.mp4')
    expect(video).toHaveAttribute('width', '600')
    expect(video).toHaveAttribute('height', '450')
    expect(video).toHaveAccessibleName('Fire Is Fast')
    expect(screen.getByText('Fire Is Fast', { selector: 'figcaption' })).toBeVisible()
    expect(
      screen.getByRole('link', { name: 'Open “Fire Is Fast” on its own (MP4)' })
    ).toHaveAttribute('href', 'https://media.example.org/FireIsFast.mp4')
  })

  it('embeds YouTube in a lazy, titled frame from the no-cookie address', () => {
    const { container } = render(<VideoEmbed video={registries.videos.get('reading')!} />)
    const frame = container.querySelector('iframe')!
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/Sl3bUZSW5TU')
    expect(frame).toHaveAttribute('title', 'A reading')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame.className).toContain('aspect-[4/3]')
    expect(screen.getByRole('link', { name: 'Watch “A reading” on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=Sl3bUZSW5TU'
    )
  })

  it('keeps the frame proportions of 600x450 and 700x400', () => {
    expect(ratioClass(600, 450)).toBe('aspect-[4/3]')
    expect(ratioClass(700, 400)).toBe('aspect-[7/4]')
    expect(ratioClass(1280, 720)).toBe('aspect-video')
  })
})
