import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GUARD_WORDS, SaveRefused, withSiteRules } from '#site-editor/backend.ts'
import { toVtt } from '#site-editor/captions/tracks.ts'
import { siteEditorConfig } from '#site-editor/config.ts'
import { readCues } from '#lib/content/check.ts'
import { FIXTURE } from '#tests/helpers/content.ts'

// What the captions workshop (site-editor/captions) hands the rest of the editor: WebVTT that the
// check reads back as the cues it was made from, and files that one Save writes with the entry,
// through the site check. The workshop itself is driven in tests/site-editor/captions.spec.ts.

type Written = { dataFiles: { path: string; raw: string }[]; assets?: unknown[] }

/** A stand-in for Decap's backend over the test content; it keeps what it is asked to write. */
class TestBackend {
  saves: Written[] = []
  private read = (path: string) => ({
    data: readFileSync(join(FIXTURE, path.replace(/^content\//, '')), 'utf8'),
    file: { path },
  })
  async entriesByFolder(folder: string, extension: string) {
    const names = readdirSync(join(FIXTURE, folder.replace(/^content\//, '')))
    return names.filter((name) => name.endsWith(extension)).map((n) => this.read(`${folder}/${n}`))
  }
  async entriesByFiles(files: { path: string }[]) {
    return files.map(({ path }) => this.read(path))
  }
  async persistEntry(entry: Written, options?: unknown) {
    void options
    this.saves.push(entry)
  }
  async deleteFiles() {}
}

const videosYaml = readFileSync(join(FIXTURE, 'data', 'videos.yaml'), 'utf8')
/** The save of videos.yaml naming a captions file for a video, and the file as draft media. */
const save = (vtt: string, duration = 60) => ({
  dataFiles: [
    {
      path: 'content/data/videos.yaml',
      slug: 'videos',
      raw: videosYaml.replace(
        '- id: reading\n',
        `- id: reading\n  captions: reading.vtt\n  duration: ${duration}\n`
      ),
    },
  ],
  assets: [{ path: 'content/captions/reading.vtt', fileObj: new Blob([vtt]) }],
})

describe('the captions workshop', () => {
  it('writes WebVTT that reads back as its cues, with & and < in the words', () => {
    const cues = [
      { start: 0, end: 1.5, text: 'Smoke  & heat' },
      { start: 61.25, end: 3723.004, text: 'Stay <low>.' },
    ]
    const vtt = toVtt(cues)
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nSmoke &amp; heat\n\n00:01:01.250 --> 01:02:03.004\nStay &lt;low>.\n'
    )
    expect(readCues(vtt)).toEqual(cues.map((c) => ({ ...c, text: c.text.replace('  ', ' ') })))
  })

  it('has one Save write its files with the entry, checked together, in one change', async () => {
    const backend = new (withSiteRules(TestBackend))()
    await backend.persistEntry(save(toVtt([{ start: 0, end: 2, text: 'Fire is fast.' }])), {})
    expect(backend.saves).toHaveLength(1)
    expect(backend.saves[0]!.dataFiles.map((f) => f.path)).toEqual([
      'content/data/videos.yaml',
      'content/captions/reading.vtt',
    ])
    expect(backend.saves[0]!.dataFiles[1]!.raw).toMatch(/^WEBVTT\n/)
    expect(backend.saves[0]!.assets).toEqual([])
  })

  it('refuses a Save whose captions run past the video, naming the cue’s line', async () => {
    const backend = new (withSiteRules(TestBackend))()
    const late = save(toVtt([{ start: 0, end: 61, text: 'Too long.' }]))
    const refused = (await backend.persistEntry(late, {}).catch((e: unknown) => e)) as SaveRefused
    expect(refused).toBeInstanceOf(SaveRefused)
    expect(refused.problems.map((p) => `${p.file}:${p.line}`)).toEqual([
      'content/captions/reading.vtt:3',
    ])
    expect(backend.saves).toEqual([])
  })

  it('refuses a Save over captions someone else saved after the workshop read them', async () => {
    const path = 'content/captions/fire-is-fast.vtt'
    const files = new Map([
      [path, readFileSync(join(FIXTURE, 'captions', 'fire-is-fast.vtt'), 'utf8')],
    ])
    class Shared extends TestBackend {
      async getEntry(at: string) {
        return { data: files.get(at)!, file: { path: at } }
      }
    }
    const backend = new (withSiteRules(Shared))()
    // The workshop reads the saved file; then another clerk saves theirs.
    await backend.getEntry(path)
    files.set(path, toVtt([{ start: 0, end: 2, text: 'Their words.' }]))
    const mine = {
      dataFiles: [{ path: 'content/data/videos.yaml', slug: 'videos', raw: videosYaml }],
      assets: [{ path, fileObj: new Blob([toVtt([{ start: 0, end: 2, text: 'My words.' }])]) }],
    }
    await expect(backend.persistEntry(mine, {})).rejects.toThrow(GUARD_WORDS.changed)
    expect(backend.saves).toEqual([])
  })

  it('is the widget of the videos’ captions field', () => {
    const config = siteEditorConfig({ repository: 'o/r', branch: 'main' })
    const videos = config.collections.find((c) => c.name === 'videos') as unknown as {
      files: { fields: { name: string; fields?: { name: string; widget: string }[] }[] }[]
    }
    const items = videos.files[0]!.fields.find((f) => f.name === 'items')!
    expect(items.fields!.find((f) => f.name === 'captions')!.widget).toBe('captions')
  })
})
