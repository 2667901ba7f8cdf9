import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { deflateSync, inflateSync } from 'node:zlib'

// The stand-in's repositories: one bare git repository holding the site's repository and every
// fork, as GitHub keeps a network (github-model.ts names their branches).
//
// Objects are read and written here, in git's own loose format, and the commit graph is walked
// here too: a git process costs 40 to 250 ms under the rehearsal's load, and the stand-in answers
// one request at a time, so three Saves at once waited on about 65 of them (5.4 s). What needs
// git's own algorithms (a merge, a diff, a file's history) still runs git.

export type Person = { name: string; email: string; date?: string }
type TreeChange = { path: string; mode?: string; sha?: string | null; content?: string }
type Options = { input?: string | Buffer; env?: Record<string, string>; cwd?: string }
/** An object's full id (a name such as `main` or `HEAD~1` is not). */
const isSha = (id: string) => /^[0-9a-f]{40}$/.test(id)

export class GitStore {
  readonly dir: string
  constructor(dir: string) {
    this.dir = dir
  }

  /** A new store whose `main` holds a working copy's tracked files as they are now (with their
   * changes, never an untracked file such as a .env). */
  static fromWorkingCopy(dir: string, workingCopy: string, author: Person): GitStore {
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir])
    const store = new GitStore(dir)
    const env = { GIT_INDEX_FILE: join(dir, 'stand-in-index'), GIT_WORK_TREE: workingCopy }
    const tracked = execFileSync('git', ['-C', workingCopy, 'ls-files', '-z'], { encoding: 'utf8' })
    const present = tracked
      .split('\0')
      .filter((path) => path && existsSync(join(workingCopy, path)))
    const add = ['add', '--force', '--pathspec-from-file=-', '--pathspec-file-nul']
    store.git(add, { env, cwd: workingCopy, input: present.join('\0') })
    const tree = store.git(['write-tree'], { env })
    const message = 'The working copy, as the rehearsal started'
    const sha = store.commit({ tree, parents: [], message, author, committer: author })
    store.git(['update-ref', 'refs/heads/main', sha])
    return store
  }

  /** Runs git on the store; a failure's message holds git's own (its stderr). */
  private run = (args: string[], options: Options = {}) =>
    execFileSync('git', [`--git-dir=${this.dir}`, ...args], {
      ...options,
      env: { ...process.env, ...options.env },
      maxBuffer: 256 * 1024 * 1024,
      stdio: 'pipe',
    })

  git = (args: string[], options?: Options) => {
    const out = this.run(args, options).toString('utf8').replace(/\n$/, '')
    // Every branch move goes through here: the refs known are moved with it.
    if (args[0] === 'update-ref') {
      const [ref, sha] = args[1] === '-d' ? [args[2]!] : [args[1]!, args[2]]
      if (sha === undefined) this.refsRead?.delete(ref)
      else if (isSha(sha)) this.refsRead?.set(ref, sha)
      else this.refsRead = undefined
    }
    return out
  }

  /** What git prints, or undefined where it fails. */
  private attempt = (args: string[], input?: string) => {
    const git = [`--git-dir=${this.dir}`, ...args]
    const result = spawnSync('git', git, { encoding: 'utf8', input })
    return result.status === 0 ? result.stdout.replace(/\n$/, '') : undefined
  }

  /** The object of a type a revision names (a bare one peeled: a commit's tree), or undefined. */
  resolve = (rev: string, type = 'commit'): string | undefined => {
    // A branch is read from the refs, which are asked of git once per move.
    if (rev.startsWith('refs/')) {
      const sha = this.refMap().get(rev)
      return sha && type !== 'commit' ? this.resolve(sha, type) : sha
    }
    const [id, path] = rev.split(/:(.*)/s) as [string, string?]
    if (isSha(id)) {
      const object = path === undefined ? id : this.find(this.resolve(id, 'tree'), path)
      const found = object === undefined ? undefined : this.readObject(object)
      if (found?.type === 'commit' && type === 'tree' && path === undefined)
        return this.commitInfo(id).tree
      return found?.type === type ? object : undefined
    }
    // Any other name (a short id) is asked of git: an object and its type in one process.
    const named = rev.includes(':') ? rev : `${rev}^{${type}}`
    if (named.includes('\n')) return undefined
    const format = '--batch-check=%(objectname) %(objecttype)'
    const [sha, found] = (this.attempt(['cat-file', format], `${named}\n`) ?? '').split(' ')
    return found === type ? sha : undefined
  }
  private refsRead: Map<string, string> | undefined
  private refMap = () =>
    (this.refsRead ??= new Map(
      this.git(['for-each-ref', '--format=%(refname) %(objectname)'])
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string])
    ))

  /** What an object id names never changes: read once. */
  private readonly known = new Map<string, unknown>()
  private once = <T>(key: string, read: () => T): T => {
    if (this.known.has(key)) return this.known.get(key) as T
    const value = read()
    if (value !== undefined && /^\S+ [0-9a-f]{40}\b/.test(key)) this.known.set(key, value)
    return value
  }

  /** An object's type and content, read as git keeps it unpacked, else asked of git. */
  private readObject = (sha: string) =>
    this.once(`object ${sha}`, () => {
      if (!isSha(sha)) return undefined
      const file = join(this.dir, 'objects', sha.slice(0, 2), sha.slice(2))
      if (!existsSync(file)) {
        const type = this.attempt(['cat-file', '-t', sha])
        return type ? { type, body: this.run(['cat-file', type, sha]) } : undefined
      }
      const data = inflateSync(readFileSync(file))
      const end = data.indexOf(0)
      return { type: data.toString('latin1', 0, end).split(' ')[0]!, body: data.subarray(end + 1) }
    })
  /** Writes an object as git does (its id the SHA-1 of its header and content) and gives its id. */
  private writeObject(type: string, body: Buffer) {
    const data = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])
    const sha = createHash('sha1').update(data).digest('hex')
    const file = join(this.dir, 'objects', sha.slice(0, 2), sha.slice(2))
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(`${file}.${process.pid}.tmp`, deflateSync(data))
      renameSync(`${file}.${process.pid}.tmp`, file)
    }
    return sha
  }
  objectType = (sha: string) => this.readObject(sha)?.type
  readBlob = (sha: string) => this.readObject(sha)!.body
  writeBlob = (content: Buffer) => this.writeObject('blob', content)

  /** A tree's entries as git stores them: mode, name and object id. */
  private entries = (tree: string) =>
    this.once(`entries ${tree}`, () => {
      const body = this.readObject(tree)!.body
      const list: { mode: string; name: string; sha: string }[] = []
      for (let at = 0; at < body.length;) {
        const space = body.indexOf(0x20, at)
        const nul = body.indexOf(0, space)
        const [mode, name] = [
          body.toString('latin1', at, space),
          body.toString('utf8', space + 1, nul),
        ]
        list.push({ mode, name, sha: body.toString('hex', nul + 1, nul + 21) })
        at = nul + 21
      }
      return list
    })
  /** The object at `path` in a tree, or undefined. */
  private find(tree: string | undefined, path: string) {
    let at = tree
    for (const name of path.split('/').filter(Boolean)) {
      if (!at || this.readObject(at)?.type !== 'tree') return undefined
      at = this.entries(at).find((e) => e.name === name)?.sha
    }
    return at
  }

  /** A tree's entries, the whole tree when recursive; a tree has no size (as on GitHub). */
  lsTree = (tree: string, recursive: boolean) =>
    this.once(`tree ${tree} ${recursive}`, () =>
      recursive
        ? this.listTree(tree)
        : this.entries(tree).map(({ mode, name, sha }) => {
            const type = mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob'
            const size = type === 'blob' ? this.readObject(sha)!.body.length : undefined
            return { path: name, mode: mode.padStart(6, '0'), type, sha, size }
          })
    )
  private listTree(tree: string) {
    const out = this.git(['ls-tree', '-z', '--long', '-r', '-t', tree])
    const entries = [...out.matchAll(/(\d+) (\w+) (\w+) +(\S+)\t([^\0]*)/g)]
    return entries.map(([, mode, type, sha, size, path]) => {
      return { path, mode, type, sha, size: type === 'blob' ? Number(size) : undefined }
    })
  }

  /** A new tree: `base` (a tree or commit, or none) with files put or, with a null sha, removed.
   * Only the trees on a changed path are written again; a tree left empty goes, as in git. */
  writeTree(base: string | undefined, changes: TreeChange[]): string {
    const edit = (tree: string | undefined, changes: (TreeChange & { at: string[] })[]) => {
      const entries = new Map((tree ? this.entries(tree) : []).map((e) => [e.name, e]))
      for (const name of new Set(changes.map((c) => c.at[0]!))) {
        const here = changes.filter((c) => c.at[0] === name)
        const leaf = here.find((c) => c.at.length === 1)
        const old = entries.get(name)
        const sha = leaf
          ? leaf.sha === null
            ? undefined
            : leaf.content === undefined
              ? leaf.sha
              : this.writeBlob(Buffer.from(leaf.content))
          : edit(
              old?.mode === '40000' ? old.sha : undefined,
              here.map((c) => ({ ...c, at: c.at.slice(1) }))
            )
        if (sha) entries.set(name, { mode: leaf ? (leaf.mode ?? '100644') : '40000', name, sha })
        else entries.delete(name)
      }
      if (!entries.size) return undefined
      // Git's order: by name, a tree's name read as if it ended in a slash.
      const key = ({ mode, name }: { mode: string; name: string }) =>
        Buffer.from(mode === '40000' ? `${name}/` : name)
      const sorted = [...entries.values()].sort((a, b) => Buffer.compare(key(a), key(b)))
      return this.writeObject(
        'tree',
        Buffer.concat(
          sorted.flatMap(({ mode, name, sha }) => [
            Buffer.from(`${mode.replace(/^0/, '')} ${name}\0`),
            Buffer.from(sha, 'hex'),
          ])
        )
      )
    }
    const root = base === undefined ? undefined : this.resolve(base, 'tree')
    const paths = changes.map((c) => ({ ...c, at: c.path.split('/').filter(Boolean) }))
    return edit(root, paths) ?? this.writeObject('tree', Buffer.alloc(0))
  }

  commit(c: Omit<CommitInfo, 'sha'>) {
    // As git writes a person: no angle brackets or line ends in a name or address; the time in
    // seconds, in UTC.
    const as = ({ name, email, date }: Person) => {
      const time = date ? Date.parse(date) : Date.now()
      // A time git cannot read is refused, as git refuses it (a commit is never written broken).
      if (Number.isNaN(time)) throw new Error(`invalid date format: ${date}`)
      const clean = (text: string) => String(text).replace(/[<>\n\0]/g, '')
      return `${clean(name)} <${clean(email)}> ${Math.floor(time / 1000)} +0000`
    }
    const head = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`)]
    const people = [`author ${as(c.author)}`, `committer ${as(c.committer)}`]
    return this.writeObject('commit', Buffer.from([...head, ...people, '', c.message].join('\n')))
  }

  commitInfo = (sha: string) => this.once(`info ${sha}`, () => this.readCommit(sha))
  private readCommit(sha: string) {
    const text = this.readObject(sha)!.body.toString('utf8')
    const split = text.indexOf('\n\n')
    const headers = text.slice(0, split < 0 ? text.length : split).split('\n')
    const value = (name: string) =>
      headers.filter((h) => h.startsWith(`${name} `)).map((h) => h.slice(name.length + 1))
    const person = (name: string): Person => {
      const [, who = '', email = '', seconds = '0'] =
        /^(.*?) ?<(.*)> (\d+)/.exec(value(name)[0] ?? '') ?? []
      const date = new Date(Number(seconds) * 1000).toISOString().replace(/\.000Z$/, 'Z')
      return { name: who, email, date }
    }
    return {
      sha,
      tree: value('tree')[0]!,
      parents: value('parent'),
      author: person('author'),
      committer: person('committer'),
      message: split < 0 ? '' : text.slice(split + 2).replace(/\n+$/, ''),
    }
  }

  /** The refs under `prefix` + `start`, named without `prefix` (matched as for-each-ref does:
   * the whole name, or up to a slash). */
  refs = (prefix: string, start = '') => {
    const pattern = prefix + start
    const under = pattern.endsWith('/') ? pattern : `${pattern}/`
    return [...this.refMap()]
      .filter(([ref]) => ref === pattern || ref.startsWith(under))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([ref, sha]) => ({ sha, name: ref.slice(prefix.length) }))
  }

  /** What two commits named by their ids give never changes either. */
  private ofTwo = <T>(name: string, a: string, b: string, read: () => T) =>
    [a, b].every((id) => isSha(id)) ? this.once(`${name} ${a} ${b}`, read) : read()
  /** A commit and all the commits it comes from. */
  private ancestors = (sha: string): Set<string> =>
    this.once(`ancestors ${sha}`, () => {
      const all = new Set([sha])
      for (const parent of this.commitInfo(sha).parents)
        for (const older of this.ancestors(parent)) all.add(older)
      return all
    })
  isAncestor = (ancestor: string, of: string) =>
    this.objectType(of) === 'commit' && this.ancestors(of).has(ancestor)
  /** The newest commit both come from (the rehearsal merges by squash or from main, so one is). */
  mergeBase = (a: string, b: string) =>
    this.ofTwo('base', a, b, () => {
      if (this.objectType(a) !== 'commit' || this.objectType(b) !== 'commit') return undefined
      const fromB = this.ancestors(b)
      const common = [...this.ancestors(a)].filter((c) => fromB.has(c))
      const newest = common.filter((c) => !common.some((d) => d !== c && this.ancestors(d).has(c)))
      return newest.length === 1 ? newest[0] : this.attempt(['merge-base', a, b])
    })
  /** The tree of merging two commits, or undefined when they change the same lines. */
  mergedTree = (ours: string, theirs: string) =>
    this.ofTwo(
      'merged',
      ours,
      theirs,
      () =>
        this.attempt(['merge-tree', '--write-tree', '--no-messages', ours, theirs])?.split('\n')[0]
    )

  /** The newest commits from `head` (a commit id) that change `paths`: GitHub's first page (30). */
  history = (head: string, paths: string[]) =>
    this.once(`history ${head} ${paths.join('\0')}`, () => {
      const list = this.git(['rev-list', '--max-count=30', head, '--', ...paths])
      return list ? list.split('\n') : []
    })

  /** The commits in `to` and not in `from`, oldest first (each after the commits it comes from). */
  commitsBetween = (from: string, to: string) =>
    this.ofTwo('between', from, to, () => {
      const [seen, order] = [new Set(this.ancestors(this.resolve(from)!)), [] as string[]]
      const visit = (sha: string) => {
        if (seen.has(sha)) return
        seen.add(sha)
        this.commitInfo(sha).parents.forEach(visit)
        order.push(sha)
      }
      visit(this.resolve(to)!)
      return order.map((sha) => this.commitInfo(sha))
    })

  /** The files that differ between two commits, with their patches, as GitHub's compare lists them. */
  changedFiles = (from: string, to: string) =>
    this.ofTwo('changed', from, to, () => this.diff(from, to))
  private diff(from: string, to: string) {
    const raw = this.git(['diff', '--no-renames', '--raw', '--no-abbrev', '-z', from, to])
    // Each file as ":<modes> <old sha> <new sha> <letter>\0<path>\0".
    return [...raw.matchAll(/ (\w{40}) (\w)\w*\0([^\0]*)/g)].map(
      ([, sha, letter, filename = '']) => {
        const patch = this.git(['diff', '--no-renames', from, to, '--', filename])
        return {
          filename,
          status: letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'modified',
          sha: letter === 'D' ? null : sha!,
          // A binary file has no patch on GitHub either.
          ...(/^Binary files /m.test(patch) ? {} : { patch: patch.replace(/^[^@]*(?=@@)/s, '') }),
        }
      }
    )
  }
}

export type CommitInfo = ReturnType<GitStore['readCommit']>
