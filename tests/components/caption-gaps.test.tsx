import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageBody } from '#components/PageBody.tsx'
import { loadContent } from '#tests/helpers/content.ts'
import { edit, fixtureCopy, put } from '../helpers/content.ts'

// The accessibility statement's list of videos without captions or descriptions
// (the `@videos-without-captions` line) is made from the video registry, never
// typed by hand: a video leaves the list when it has both files.

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

describe('the list of videos without captions or descriptions', () => {
  it('names every video of the registry that lacks either file, saying which', () => {
    const content = loadContent(fixtureCopy())
    const videos = [...content.registries.videos.values()]
    expect(videos.some((v) => v.captions) && videos.some((v) => !v.captions)).toBe(true)
    const missing = (v: (typeof videos)[number]) =>
      `no ${[v.captions ? [] : 'captions', v.descriptions ? [] : 'descriptions'].flat().join(' and no ')}`
    expect(listed(content)).toEqual(
      videos.map((v) => expect.stringContaining(`“${v.title}”: ${missing(v)}`))
    )
  })

  it('drops a video once it has captions and descriptions', () => {
    const dir = fixtureCopy()
    const video = [...loadContent(dir).registries.videos.values()].find((v) => !v.captions)!
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n'
    put(dir, 'captions/added.vtt', vtt)
    const entry = `- id: ${video.id}\n`
    edit(dir, 'data/videos.yaml', entry, `${entry}  captions: added.vtt\n`)
    expect(listed(loadContent(dir)).find((item) => item.includes(video.title))).toMatch(
      /: no descriptions/
    )
    put(dir, 'captions/seen.vtt', vtt)
    edit(dir, 'data/videos.yaml', entry, `${entry}  descriptions: seen.vtt\n`)
    expect(listed(loadContent(dir)).some((item) => item.includes(video.title))).toBe(false)
  })
})
