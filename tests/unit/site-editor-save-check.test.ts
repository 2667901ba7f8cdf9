import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SaveRefused, withSiteRules } from '#site-editor/backend.ts'
import { FIXTURE } from '#tests/helpers/content.ts'

// Publish refuses what the content check refuses: the editor's backend runs
// the site's check over the content with the change in it, exactly as the
// files will be written, before anything is written. Tried with a stand-in
// backend that serves the test content (paths as the editor has them).

type Read = { data: string; file: { path: string } }

/** A stand-in for Decap's backend over the test content; it records what it is asked to write. */
class TestBackend {
  written: string[] = []
  deleted: string[] = []
  private read(folder: string, files: string[]): Read[] {
    return files.map((name) => ({
      data: readFileSync(join(FIXTURE, folder, name), 'utf8'),
      file: { path: `content/${folder}/${name}` },
    }))
  }
  async entriesByFolder(folder: string, extension: string) {
    const local = folder.replace(/^content\//, '')
    return this.read(
      local,
      readdirSync(join(FIXTURE, local)).filter((f) => f.endsWith(extension))
    )
  }
  async entriesByFiles(files: { path: string }[]) {
    return files.map(({ path }) => ({
      data: readFileSync(join(FIXTURE, path.replace(/^content\//, '')), 'utf8'),
      file: { path },
    }))
  }
  async persistEntry(entry: { dataFiles: { path: string; raw: string }[] }, options: unknown) {
    void options
    this.written.push(...entry.dataFiles.map((f) => f.path))
  }
  async deleteFiles(paths: string[], commitMessage: string) {
    void commitMessage
    this.deleted.push(...paths)
  }
}

const Checked = withSiteRules(TestBackend)
const page = (route: string, body: string) =>
  `---\nroute: ${route}\ntitle: Drills\ndescription: A page about fire drills, for the editor's save check.\nsection: safety\n---\n\n${body}\n`

/**
 * As Decap's GitHub backend: 20 more pages than the test content, listed 20
 * at a time by entriesByFolder, and all at once by allEntriesByFolder.
 */
class PagedBackend extends TestBackend {
  async allEntriesByFolder(folder: string, extension: string) {
    const read = await super.entriesByFolder(folder, extension)
    if (!folder.endsWith('/pages')) return read
    const more = Array.from({ length: 20 }, (_, i) => ({
      data: page(`/more-${i}`, 'More.'),
      file: { path: `content/pages/more-${i}.md` },
    }))
    return [...read, ...more].sort((a, b) => a.file.path.localeCompare(b.file.path))
  }
  async entriesByFolder(folder: string, extension: string) {
    return (await this.allEntriesByFolder(folder, extension)).slice(0, 20)
  }
}

/** As the GitHub backend once signed in: the content folder listed in one call, each file read by
 * its id (a hash of its text); the reads are counted. An upload is listed too. */
class OnlineBackend extends TestBackend {
  reads: string[] = []
  private files = () =>
    (readdirSync(FIXTURE, { recursive: true }) as string[])
      .filter((path) => /\.(md|yaml|vtt)$/.test(path))
      .map((path) => ({ path: `content/${path}`, id: `id of ${path}` }))
      .concat({ path: 'content/uploads/photo.md', id: 'id of an upload' })
  api = {
    originRepoURL: 'https://api.github.com/repos/bureau/site',
    listFiles: async (folder: string, { depth }: { depth: number }) =>
      this.files().filter(
        ({ path }) => path.startsWith(`${folder}/`) && path.split('/').length <= depth + 1
      ),
    readFile: async (path: string, id: string) => {
      this.reads.push(id)
      return path.startsWith('content/uploads/')
        ? 'not content'
        : readFileSync(join(FIXTURE, path.slice(8)), 'utf8')
    },
  }
}

describe("the editor's save check", () => {
  it('online, lists the content folder once per save and reads each file once, uploads never', async () => {
    const backend = new (withSiteRules(OnlineBackend))()
    const save = (body: string) =>
      backend.persistEntry(
        { dataFiles: [{ path: 'content/pages/drills.md', raw: page('/drills', body) }] },
        {}
      )
    await save('Practice.')
    const first = [...backend.reads]
    expect(first.length).toBeGreaterThan(10)
    expect(first).not.toContain('id of an upload')
    expect(new Set(first).size).toBe(first.length)
    await expect(save('[x](/gone)')).rejects.toBeInstanceOf(SaveRefused)
    expect(backend.reads).toEqual(first)
    expect(backend.written).toEqual(['content/pages/drills.md'])
  })

  it('writes a change that the check passes', async () => {
    const backend = new Checked()
    await backend.persistEntry(
      { dataFiles: [{ path: 'content/pages/drills.md', raw: page('/drills', 'Practice.') }] },
      {}
    )
    expect(backend.written).toEqual(['content/pages/drills.md'])
  })

  it('reads every page online, not only the first 20 that Decap lists: a link to the last one is fine', async () => {
    const backend = new (withSiteRules(PagedBackend))()
    const last = (await backend.allEntriesByFolder('content/pages', 'md')).at(-1)!
    const route = /^route: (.*)$/m.exec(last.data)![1]
    await backend.persistEntry(
      {
        dataFiles: [
          { path: 'content/pages/drills.md', raw: page('/drills', `See [it](${route}).`) },
        ],
      },
      {}
    )
    expect(backend.written).toEqual(['content/pages/drills.md'])
  })

  it('writes nothing when the change would stop the build, and says why in the check’s words', async () => {
    const backend = new Checked()
    const save = backend.persistEntry(
      {
        dataFiles: [
          { path: 'content/pages/drills.md', raw: page('/fees', '<b>raw</b>\n\n[x](/gone)') },
        ],
      },
      {}
    )
    await expect(save).rejects.toBeInstanceOf(SaveRefused)
    const error = (await save.catch((e: unknown) => e)) as SaveRefused
    expect(String(error)).toMatch(/^The site check found \d+ mistakes this change would bring/)
    expect(error.problems.map((p) => `${p.file}:${p.line}`)).toEqual(
      expect.arrayContaining(['content/pages/drills.md:2', 'content/pages/drills.md:8'])
    )
    expect(backend.written).toEqual([])
  })

  it('refuses to delete a page another page links to, and deletes one nothing needs', async () => {
    const backend = new Checked()
    // The test home page links to /fees.
    await expect(backend.deleteFiles(['content/pages/fees.md'], 'Delete')).rejects.toThrow(
      /links to "\/fees"/
    )
    expect(backend.deleted).toEqual([])
    await backend.deleteFiles(['content/pages/draft.md'], 'Delete')
    expect(backend.deleted).toEqual(['content/pages/draft.md'])
  })

  it('does not blame a save for a mistake the content already had', async () => {
    const backend = new Checked()
    const before = await backend.entriesByFiles([{ path: 'content/data/links.yaml' }])
    const links = before[0]!.data
    // Saving links.yaml unchanged while another file is fine: written.
    await backend.persistEntry({ dataFiles: [{ path: 'content/data/links.yaml', raw: links }] }, {})
    expect(backend.written).toEqual(['content/data/links.yaml'])
  })
})
