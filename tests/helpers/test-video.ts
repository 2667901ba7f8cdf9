import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { VIDEO_FILES } from '#lib/providers.ts'

// The test video (tests/fixtures/media: its speech and picture are known) in place of a video of
// the bureau's video host, which the tests cannot reach: an entry of videos.yaml whose address is
// on that host, and a stand-in host that serves the file, by byte ranges as a video host does
// (Chromium seeks a video only when its server answers ranges).

const FOLDER = join(process.cwd(), 'tests', 'fixtures', 'media')
type Moment = { text: string; start: number; end?: number }
export const TEST_VIDEO = JSON.parse(readFileSync(join(FOLDER, 'captions-test.json'), 'utf8')) as {
  file: string
  duration: number
  said: Required<Moment>[]
  seen: Moment[]
}
const bytes = readFileSync(join(FOLDER, TEST_VIDEO.file))

export const TEST_VIDEO_ID = 'captions-test'
export const TEST_VIDEO_URL = `https://${VIDEO_FILES.hosts[0]}/test/${TEST_VIDEO_ID}.mp4`

/** The test video's entry in videos.yaml, with more fields (captions…) if given. */
export const testVideoEntry = (more = '') =>
  `- id: ${TEST_VIDEO_ID}\n  title: Captions test\n  provider: file\n  url: ${TEST_VIDEO_URL}\n  width: 256\n  height: 192\n${more}`

/** Serves the test video at every address of the bureau's video host. */
export async function serveTestVideo(target: Page | BrowserContext) {
  await target.route(`https://${VIDEO_FILES.hosts[0]}/**`, (route) => {
    const [, from, to] = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '') ?? []
    const start = Number(from ?? 0)
    const end = to ? Number(to) : bytes.length - 1
    return route.fulfill({
      status: from === undefined ? 200 : 206,
      body: bytes.subarray(start, end + 1),
      headers: {
        'content-type': 'video/webm',
        'accept-ranges': 'bytes',
        ...(from === undefined ? {} : { 'content-range': `bytes ${start}-${end}/${bytes.length}` }),
      },
    })
  })
}

const stamp = (s: number) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23)

/** A WebVTT file of moments (a description lasts a second). */
export const vttOf = (moments: Moment[]) =>
  `WEBVTT\n${moments.map((m) => `\n${stamp(m.start)} --> ${stamp(m.end ?? m.start + 1)}\n${m.text}\n`).join('')}`
