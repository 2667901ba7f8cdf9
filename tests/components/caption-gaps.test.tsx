import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageBody } from '#components/PageBody.tsx'
import { loadContent } from '#tests/helpers/content.ts'
import { edit, fixtureCopy, put } from '../helpers/content.ts'

// The accessibility statement's list of videos without captions (the
// `@videos-without-captions` line) is made from the video registry, never
// typed by hand: a video leaves the list when it gets a captions file.

type Content = ReturnType<typeof loadContent>

/** The items of the first list of videos without captions in the content. */
function listed(content: Content): string[] {
  const page = content.pages.find((p) => p.blocks.some((b) => b.kind === 'videos-without-captions'))
  expect(page, 'a fixture page with @videos-without-captions').toBeDefined()
  const { container, unmount } = render(
    <PageBody page={{ ...page!, blocks: page!.blocks.filter((b) => b.kind !== 'video') }} />
  )
  const items = [...container.querySelectorAll('li')].map((li) => li.textContent ?? '')
  unmount()
  return items
}

describe('the list of videos without captions', () => {
  it('names every video of the registry that has no captions file, and no other', () => {
    const content = loadContent(fixtureCopy())
    const videos = [...content.registries.videos.values()]
    const uncaptioned = videos.filter((v) => !v.captions)
    expect(uncaptioned.length).toBeGreaterThan(0)
    expect(videos.length).toBeGreaterThan(uncaptioned.length)
    expect(listed(content)).toEqual(uncaptioned.map((v) => expect.stringContaining(v.title)))
  })

  it('drops a video once it has a captions file', () => {
    const dir = fixtureCopy()
    const video = [...loadContent(dir).registries.videos.values()].find((v) => !v.captions)!
    put(dir, 'captions/added.vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n')
    edit(
      dir,
      'data/videos.yaml',
      `- id: ${video.id}\n`,
      `- id: ${video.id}\n  captions: added.vtt\n`
    )
    expect(listed(loadContent(dir)).some((item) => item.includes(video.title))).toBe(false)
  })
})
