import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy, loadContent, put } from '#tests/helpers/content.ts'
import { captionsSummary } from '#tools/review/captions-summary.ts'

// The run summary of a pull request lists each video still without captions or descriptions
// (npm run captions:summary), from the content, with the pages that show it.

describe('the captions summary of a pull request', () => {
  it('lists each video still without captions or descriptions, with its pages', () => {
    expect(captionsSummary(loadContent(fixtureCopy())).split('\n')).toEqual([
      '### Videos without captions or descriptions',
      '',
      '- Fire Is Fast (`fire-is-fast`): no descriptions; on /lessons/',
      '- A reading (`reading`): no captions, no descriptions; on no page',
      '',
    ])
  })

  it('says so once every video has both files', () => {
    const dir = fixtureCopy()
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n'
    for (const name of ['seen.vtt', 'read.vtt', 'read-seen.vtt']) put(dir, `captions/${name}`, vtt)
    edit(
      dir,
      'data/videos.yaml',
      '  captions: fire-is-fast.vtt',
      '  captions: fire-is-fast.vtt\n  descriptions: seen.vtt'
    )
    edit(
      dir,
      'data/videos.yaml',
      '- id: reading\n',
      '- id: reading\n  captions: read.vtt\n  descriptions: read-seen.vtt\n'
    )
    expect(captionsSummary(loadContent(dir))).toBe(
      '### Videos without captions or descriptions\n\nNone.\n'
    )
  })
})
