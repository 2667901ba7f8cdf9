import { CONTENT_PATH } from '#site-editor/config.ts'
import type { Cue } from '#lib/content/check.ts'

// The captions workshop's files (site-editor/captions/workshop.tsx): WebVTT made from its cues,
// kept with the entry as Decap draft media until the Save writes them.

const stamp = (s: number) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23)
const cueText = (text: string) =>
  text.trim().replace(/\s+/g, ' ').replaceAll('&', '&amp;').replaceAll('<', '&lt;')
/** Cues as a WebVTT file: the check reads it back as the same cues. */
export const toVtt = (cues: Cue[]) =>
  ['WEBVTT', ...cues.map((c) => `${stamp(c.start)} --> ${stamp(c.end)}\n${cueText(c.text)}`)].join(
    '\n\n'
  ) + '\n'
export const pathOf = (name: string) => `${CONTENT_PATH}/captions/${name}`

/** The draft WebVTT files of an entry (its Decap media files in content/captions), as text. */
export async function draftTracks(mediaFiles: unknown) {
  const files = ((mediaFiles as { toJS(): unknown } | undefined)?.toJS() ?? []) as {
    path: string
    file?: Blob
  }[]
  const tracks = files.filter((f) => f.file && f.path.startsWith(pathOf('')))
  return Promise.all(tracks.map(async (f) => ({ path: f.path, raw: await f.file!.text() })))
}
