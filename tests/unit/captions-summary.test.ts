import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy, loadContent, put } from '#tests/helpers/content.ts'
import { captionsSummary } from '#tools/review/captions-summary.ts'

// The run summary of a pull request lists each video still without captions or descriptions
// (npm run captions:summary), from the content, with the pages that show it.

describe('the captions summary of a pull request', () => {
  it('counts the videos with each file and lists those still without one, with their pages', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/videos.yaml', 'title: A reading', 'title: A reading | aloud')
    const summary = captionsSummary(loadContent(dir))
    expect(summary).toContain('1 of 2 videos have captions, 0 have descriptions.')
    expect(summary.split('\n')).toEqual(
      expect.arrayContaining([
        '| Fire Is Fast (`fire-is-fast`) | descriptions | /lessons/ |',
        '| A reading \\| aloud (`reading`) | captions, descriptions | none |',
      ])
    )
  })

  it('lists nothing once every video has both files', () => {
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
      '### Captions and descriptions\n\n2 of 2 videos have captions, 2 have descriptions.\n'
    )
  })
})
