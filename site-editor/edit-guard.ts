import { PlainRefusal } from '#site-editor/refusal.ts'

// Decap saves whole files, so a save from a copy opened before someone
// else's save would undo theirs: the editor remembers each file as it opened
// it, and refuses a save when the file has changed since where it would go.

type Entry = { data: string; file: { path: string } }
type Pending = { diffs: { path: string; id: string }[] }
type SaveOptions = {
  newEntry?: boolean
  unpublished?: boolean
  useWorkflow?: boolean
  collectionName?: string
}
type DataFile = { path: string; slug: string; raw: string }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's rule for mixins
type BackendClass = abstract new (...args: any[]) => {
  getEntry(path: string): Promise<Entry>
  unpublishedEntry(args: { collection: string; slug: string }): Promise<Pending>
  unpublishedEntryDataFile(
    collection: string,
    slug: string,
    path: string,
    id: string
  ): Promise<string>
  persistEntry(entry: { dataFiles: DataFile[] }, options: SaveOptions): Promise<unknown>
}

export const GUARD_WORDS = {
  changed: 'Someone else saved a change to this entry after you opened it.',
  waiting:
    'Someone else has already saved a change to this entry that is not published yet (it is under Workflow).',
  gone: 'The change you opened was published or deleted by someone else meanwhile.',
  keep: 'Nothing is lost: their change is kept, and what you typed is still on this screen. Copy what you typed, reload the page to see their version, then make your change again.',
}

/** A backend that refuses a save made from an out-of-date copy of a file. */
export function withEditGuard<T extends BackendClass>(Base: T): T {
  abstract class Guarded extends Base {
    /** The text of each file as this editor last opened or saved it, live and waiting. */
    readonly opened = { live: new Map<string, string>(), waiting: new Map<string, string>() }

    async getEntry(path: string) {
      const entry = await super.getEntry(path)
      this.opened.live.set(path, entry.data)
      return entry
    }

    async unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string) {
      const text = await super.unpublishedEntryDataFile(collection, slug, path, id)
      this.opened.waiting.set(path, text)
      return text
    }

    /** The file's text now, where this save would write it; or why the save must not happen. */
    private async changedSince(file: DataFile, options: SaveOptions): Promise<string | undefined> {
      const live = this.opened.live.get(file.path)
      if (options.useWorkflow) {
        const pending = await super
          .unpublishedEntry({ collection: options.collectionName!, slug: file.slug })
          .catch(() => undefined)
        if (options.unpublished) {
          if (!pending) return GUARD_WORDS.gone
          const diff = pending.diffs.find((d) => d.path === file.path)
          const opened = this.opened.waiting.get(file.path)
          if (!diff || opened === undefined) return undefined
          const now = await super.unpublishedEntryDataFile(
            options.collectionName!,
            file.slug,
            diff.path,
            diff.id
          )
          return now === opened ? undefined : GUARD_WORDS.changed
        }
        if (pending) return GUARD_WORDS.waiting
      }
      if (live === undefined) return undefined
      const now = await super.getEntry(file.path).then(
        (e) => e.data,
        () => undefined
      )
      return now === live ? undefined : GUARD_WORDS.changed
    }

    async persistEntry(entry: { dataFiles: DataFile[] }, options: SaveOptions) {
      if (!options.newEntry)
        for (const file of entry.dataFiles) {
          const why = await this.changedSince(file, options)
          if (why) throw new PlainRefusal(`${why} ${GUARD_WORDS.keep}`)
        }
      const saved = await super.persistEntry(entry, options)
      for (const file of entry.dataFiles)
        (options.useWorkflow ? this.opened.waiting : this.opened.live).set(file.path, file.raw)
      return saved
    }
  }
  return Guarded
}
