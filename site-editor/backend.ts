import { checkContent } from '#lib/content/index.ts'
import { formatProblem, type ContentProblem } from '#lib/content/problems.ts'
import {
  REGISTRY_NAMES,
  registryPath,
  type ContentSource,
  type SourceFile,
} from '#lib/content/source.ts'
import {
  checkState,
  CHECK_WORDS,
  failedRuns,
  type Annotation,
  type CheckRun,
} from '#site-editor/checks.ts'
import { CONTENT_PATH } from '#site-editor/config.ts'
import { FOLDERS, isContent, sourceOf, withChange } from '#site-editor/content-files.ts'

// Decap's backends with the site's rules: the content check runs over the
// repository's content with a change in it before it is written; a save from
// an out-of-date copy is refused, and online a save never moves a branch
// someone else saved; Publish waits for GitHub's checks.

type Read = { data: string; file: { path: string } }
type Diff = { path: string; id: string }
type DataFile = { path: string; slug: string; raw: string; newPath?: string }
type Entry = { dataFiles: DataFile[]; assets?: { path: string; fileObj?: Blob }[] }
type SaveOptions = {
  commitMessage?: string
  status?: string
  newEntry?: boolean
  unpublished?: boolean
  useWorkflow?: boolean
  collectionName?: string
}
type Backend = {
  entriesByFolder(folder: string, extension: string, depth: number): Promise<Read[]>
  /** The GitHub backend's whole folder: its entriesByFolder gives only the first 20 files. */
  allEntriesByFolder?(folder: string, extension: string, depth: number): Promise<Read[]>
  entriesByFiles(files: { path: string }[]): Promise<Read[]>
  persistEntry(entry: Entry, options: SaveOptions): Promise<unknown>
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>
  getEntry?(path: string): Promise<Read>
  unpublishedEntry?(args: { collection: string; slug: string }): Promise<{ diffs: Diff[] }>
  unpublishedEntryDataFile?(c: string, slug: string, path: string, id: string): Promise<string>
  authenticate?(state: unknown): Promise<unknown>
  api?: unknown
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's rule for mixins
type BackendClass = abstract new (...args: any[]) => Backend

/** A refusal Decap shows after its own words ("Not saved. …") without "Error:" in front. */
class PlainRefusal extends Error {
  name = ''
}

export class SaveRefused extends PlainRefusal {
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(
      `The site check found ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} ` +
        `this change would bring, so the site could not be built: ${problems.map(formatProblem).join(' · ')}`
    )
    this.problems = problems
  }
}

export const GUARD_WORDS = {
  changed: 'Someone else saved a change to this entry after you opened it.',
  waiting:
    'Someone else has already saved a change to this entry that is not published yet (it is under Workflow).',
  gone: 'The change you opened was published or deleted by someone else meanwhile.',
  notHeld:
    'Your save was written, but its pull request does not hold it now: someone else saved this entry at the same moment.',
  keep: 'Nothing is lost: their change is kept, and what you typed is still on this screen. Copy what you typed, reload the page to see their version, then make your change again.',
}

export const PUBLISH_WORDS = {
  pending:
    'the site check on this change has not finished yet. It takes a few minutes; try Publish again when it has.',
  failing: (found: string) =>
    `the site check found a mistake in this change: ${found} Open the entry, correct it and save; the check then runs again.`,
  notYours: CHECK_WORDS.other,
  updating:
    'the live site has changed since this change was saved, so the site check now runs again on both together. Try Publish again in a few minutes.',
  conflict:
    'someone else published a change to the same part of this file. Delete this change (its text stays on screen: copy it first), open the entry again and make the change once more.',
  moved: 'this change was saved again while it was being published. Try Publish again.',
  other: (message: string) => `GitHub did not publish this change: ${message}`,
  deleteOnline:
    'A published entry cannot be deleted from the editor: every change to the live site goes through a pull request. Ask a maintainer to delete the file on GitHub, which opens a pull request for it.',
}

/** Each file's text by its id (its content's hash): read once. */
const texts = new Map<string, string>()

/** The content files as the backend reads them: online, one listing of the content folder and
 * each file by its id; else folder by folder, through Decap. */
async function contentFiles(backend: Backend): Promise<SourceFile[]> {
  const api = backend.api as Api | undefined
  if (api?.listFiles) {
    const repoURL = api.originRepoURL
    const listed = await api.listFiles(CONTENT_PATH, { repoURL, depth: 3 })
    const read = async ({ path, id }: { path: string; id: string }) => {
      if (!texts.has(id)) texts.set(id, await api.readFile(path, id, { repoURL }))
      return { path, text: texts.get(id)! }
    }
    return Promise.all(listed.filter((file) => isContent(file.path)).map(read))
  }
  const folder = ([path, ending]: readonly [string, string]) =>
    (backend.allEntriesByFolder ?? backend.entriesByFolder).call(backend, path, ending, 1)
  const registries = REGISTRY_NAMES.map((name) => ({ path: registryPath(CONTENT_PATH, name) }))
  const read = await Promise.all([
    folder(FOLDERS.pages),
    backend.entriesByFiles(registries),
    folder(FOLDERS.captions).catch(() => []),
    folder(FOLDERS.meetings).catch(() => []),
  ])
  return read.flat().map(({ data, file }) => ({ path: file.path, text: data }))
}

async function readThrough(backend: Backend): Promise<ContentSource> {
  return sourceOf(await contentFiles(backend))
}

const errorsOf = (source: ContentSource) =>
  checkContent(source).problems.filter((p) => p.severity === 'error')

/** The errors the content has as read, checked once per version of it (at sign-in, then as it changes). */
let known: { key: string; errors: Set<string> } | undefined
function knownErrors(source: ContentSource) {
  const key = JSON.stringify(source)
  if (known?.key !== key) known = { key, errors: new Set(errorsOf(source).map(formatProblem)) }
  return known.errors
}

/** Throws SaveRefused when the change brings an error the content has not without it. */
async function refuseBreakingChange(backend: Backend, written: DataFile[], deleted: string[] = []) {
  const before = await readThrough(backend)
  const seen = knownErrors(before)
  const problems = errorsOf(withChange(before, written, deleted)).filter(
    (p) => !seen.has(formatProblem(p))
  )
  if (problems.length > 0) throw new SaveRefused(problems)
}

/** What the site's rules use of Decap's GitHub API object (decap-cms-backend-github, API.ts). */
export type Api = {
  originRepoURL: string
  repo: string
  repoOwner: string
  branch: string
  mergeMethod: string
  useOpenAuthoring?: boolean
  request(path: string, options?: { method?: string; body?: string }): Promise<unknown>
  mergePR(pull: Pull): Promise<unknown>
  createRef(type: string, name: string, sha: string): Promise<unknown>
  patchRef(type: string, name: string, sha: string): Promise<unknown>
  getBranch(name: string): Promise<{ commit: { sha: string } }>
  readFile(
    path: string,
    sha: string | null,
    options: { branch?: string; repoURL?: string }
  ): Promise<string>
  listFiles?(
    path: string,
    options: { repoURL: string; depth: number }
  ): Promise<{ path: string; id: string }[]>
  updateTree(base: string, ...rest: unknown[]): Promise<unknown>
  createBranch(name: string, sha: string): Promise<unknown>
  patchBranch(name: string, sha: string): Promise<unknown>
  rebaseBranch(name: string): Promise<{ sha: string }>
}
type Pull = { number: number; head: { sha: string } }
type ApiError = { status?: number; message?: string }

/** The head's check runs in one state (checks.ts), the failed ones' annotations read too. */
export async function headState(api: Api, sha: string) {
  const get = <T>(path: string) => api.request(`${api.originRepoURL}${path}`) as Promise<T>
  const { check_runs: runs } = await get<{ check_runs: CheckRun[] }>(`/commits/${sha}/check-runs`)
  const notes = await Promise.all(
    failedRuns(runs).map((run) => get<Annotation[]>(`/check-runs/${run.id}/annotations`))
  )
  return { runs, ...checkState(runs, notes.flat()) }
}

/** Why GitHub refused to merge, in words a clerk can act on; brings the branch up to date if that is all. */
async function whyNotPublished(api: Api, pull: Pull, refusal: ApiError): Promise<string> {
  if (refusal.status === 409) return PUBLISH_WORDS.moved
  const { state, mistakes } = await headState(api, pull.head.sha)
  if (state === 'content') return PUBLISH_WORDS.failing(mistakes.join(' · '))
  if (state === 'other') return PUBLISH_WORDS.notYours
  if (state !== 'passed') return PUBLISH_WORDS.pending
  const compare = (await api.request(
    `${api.originRepoURL}/compare/${api.branch}...${pull.head.sha}`
  )) as { behind_by: number }
  if (!(compare.behind_by > 0)) return PUBLISH_WORDS.other(String(refusal.message))
  try {
    await api.request(`${api.originRepoURL}/pulls/${pull.number}/update-branch`, {
      method: 'PUT',
      body: JSON.stringify({ expected_head_sha: pull.head.sha }),
    })
    return PUBLISH_WORDS.updating
  } catch (error) {
    const message = (error as ApiError).message
    return /conflict/i.test(message ?? '')
      ? PUBLISH_WORDS.conflict
      : PUBLISH_WORDS.other(String(message))
  }
}

/** Merges as Decap does, but never "force merges" a refused merge: says why instead. */
async function mergeOrSayWhy(api: Api, pull: Pull) {
  try {
    return await api.request(`${api.originRepoURL}/pulls/${pull.number}/merge`, {
      method: 'PUT',
      body: JSON.stringify({
        commit_message: 'Automatically generated. Merged on Decap CMS.',
        sha: pull.head.sha,
        merge_method: api.mergeMethod,
      }),
    })
  } catch (error) {
    const status = (error as ApiError).status
    if (status !== 405 && status !== 409 && status !== 422) throw error
    throw new PlainRefusal(await whyNotPublished(api, pull, error as ApiError))
  }
}

const refusal = (words: string) => new PlainRefusal(`${words} ${GUARD_WORDS.keep}`)
type Ref = { name: string; sha: string }
type Save = { expected: Map<string, string>; wrote?: Ref }

/**
 * A save never moves a branch someone else saved. Decap's own GitHub API, on "Reference already
 * exists", copies that branch aside and force-moves it, and on a saved change rebases and
 * force-pushes: two people's saves then swap or vanish. Here a branch only moves forward (GitHub
 * refuses, atomically, a move that is not a fast forward), a commit is built on the head as it is,
 * and the files of the commit it is built on must be the ones this person opened (`expected`).
 */
function neverOverwrite(api: Api, save: Save) {
  const updateTree = api.updateTree.bind(api)
  const wrote = (name: string, sha: string) => (result: unknown) => {
    save.wrote = { name, sha }
    return result
  }
  const forward = (name: string, sha: string, words: string) =>
    api.patchRef('heads', name, sha).then(wrote(name, sha), (error: ApiError) => {
      throw error.status === 422 ? refusal(words) : error
    })
  // Only a branch left behind with everything on it published moves: forward.
  api.createBranch = (name, sha) =>
    api.createRef('heads', name, sha).then(wrote(name, sha), (error: ApiError) => {
      if (error.message === 'Reference already exists')
        return forward(name, sha, GUARD_WORDS.waiting)
      throw error
    })
  api.patchBranch = (name, sha) => forward(name, sha, GUARD_WORDS.changed)
  api.rebaseBranch = async (name) => (await api.getBranch(name)).commit
  api.updateTree = async (base, ...rest) => {
    for (const [path, text] of save.expected)
      if ((await api.readFile(path, null, { branch: base }).catch(() => undefined)) !== text)
        throw refusal(GUARD_WORDS.changed)
    return updateTree(base, ...rest)
  }
}

/** After a save: its branch holds this person's commit and, in the site's repository, an open pull request. */
async function confirmHeld(api: Api, { name, sha }: Ref) {
  if ((await api.getBranch(name).catch(() => undefined))?.commit.sha !== sha)
    throw refusal(GUARD_WORDS.notHeld)
  const head = encodeURIComponent(`${api.repoOwner}:${name}`)
  const pulls = await api.request(`${api.originRepoURL}/pulls?state=open&head=${head}`)
  if (!api.useOpenAuthoring && (pulls as unknown[]).length === 0) throw refusal(GUARD_WORDS.gone)
}

/** The backend object of the signed-in editor, for the change's loop (loop.ts) and the preview. */
export const signedIn: { api?: Api; backend?: Backend } = {}
let signIn: (backend: Backend) => void = () => {}
const firstSignIn = new Promise<Backend>((resolve) => (signIn = resolve))

/** The repository's content as the Save's check reads it (each file read once by its id), once
 * someone is signed in: the preview's, so a Save reloads no file. */
export async function siteSource(): Promise<ContentSource> {
  return readThrough(signedIn.backend ?? (await firstSignIn))
}

/** The captions workshop's WebVTT files, Decap media of the entry: saved, checked and guarded with it. */
async function withCaptionFiles({ dataFiles, assets = [] }: Entry): Promise<Entry> {
  const vtt = assets.filter((a) => a.fileObj && a.path.startsWith(`${CONTENT_PATH}/captions/`))
  const slug = dataFiles[0]!.slug
  const files = vtt.map(async (a) => ({ path: a.path, slug, raw: await a.fileObj!.text() }))
  return {
    dataFiles: [...dataFiles, ...(await Promise.all(files))],
    assets: assets.filter((a) => !vtt.includes(a)),
  }
}

/** A backend class with the site's rules; `online` for the GitHub backend. */
export function withSiteRules<T extends BackendClass>(Base: T, online = false): T {
  abstract class Ruled extends Base {
    /**
     * Decap saves whole files, so a save from a copy opened before someone else's
     * save would undo theirs: the text of each file as this editor last opened or saved it.
     */
    readonly opened = { live: new Map<string, string>(), waiting: new Map<string, string>() }
    private readonly save: Save = { expected: new Map() }

    async authenticate(state: unknown) {
      const user = await super.authenticate!(state)
      const api = this.api as Api
      signedIn.backend = this
      signIn(this)
      if (online) {
        api.mergePR = (pull) => mergeOrSayWhy(api, pull)
        neverOverwrite(api, this.save)
        signedIn.api = api
        // A save checks the whole content: it is read and checked now, while the clerk works
        // (the browser keeps each file by its id), so that a save reads and checks only its change.
        void readThrough(this)
          .then(knownErrors)
          .catch(() => {})
      }
      return user
    }

    async getEntry(path: string) {
      const entry = await super.getEntry!(path)
      this.opened.live.set(path, entry.data)
      return entry
    }

    async unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string) {
      const text = await super.unpublishedEntryDataFile!(collection, slug, path, id)
      this.opened.waiting.set(path, text)
      return text
    }

    async persistEntry(given: Entry, options: SaveOptions) {
      const entry = await withCaptionFiles(given)
      await refuseBreakingChange(this, entry.dataFiles)
      const opened = options.unpublished ? this.opened.waiting : this.opened.live
      const files = options.newEntry ? [] : entry.dataFiles.filter((f) => opened.has(f.path))
      Object.assign(this.save, {
        expected: new Map(files.map((f) => [f.path, opened.get(f.path)!])),
        wrote: undefined,
      })
      // Online the check is made on the commit the save builds on (neverOverwrite); here, before.
      if (!online)
        for (const [path, text] of this.save.expected)
          if ((await super.getEntry!(path).catch(() => undefined))?.data !== text)
            throw refusal(GUARD_WORDS.changed)
      const saved = await super.persistEntry(entry, options).catch((error: ApiError) => {
        // Decap compares the change's branch first: it is gone.
        throw options.unpublished && error.status === 404 ? refusal(GUARD_WORDS.gone) : error
      })
      if (this.save.wrote) await confirmHeld(this.api as Api, this.save.wrote)
      for (const file of entry.dataFiles)
        (options.useWorkflow ? this.opened.waiting : this.opened.live).set(file.path, file.raw)
      return saved
    }

    async deleteFiles(paths: string[], commitMessage: string) {
      await refuseBreakingChange(this, [], paths)
      // Deleting a published entry would change the live branch without a pull request.
      if (online) throw new PlainRefusal(PUBLISH_WORDS.deleteOnline)
      return super.deleteFiles(paths, commitMessage)
    }
  }
  return Ruled
}
