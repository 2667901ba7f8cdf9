import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

// The stand-in's repositories: one bare git repository holding the site's repository and every
// fork, as GitHub keeps a network (github-model.ts names their branches).

export type Person = { name: string; email: string; date?: string }
type TreeChange = { path: string; mode?: string; sha?: string | null; content?: string }
type Options = { input?: string | Buffer; env?: Record<string, string>; cwd?: string }

export class GitStore {
  readonly dir: string
  /** Where trees are put together: every git call here runs to its end, so one index does. */
  private readonly index: string

  constructor(dir: string) {
    this.dir = dir
    this.index = join(dir, 'stand-in-index')
  }

  /** A new store whose `main` holds a working copy's tracked files as they are now (with their
   * changes, never an untracked file such as a .env). */
  static fromWorkingCopy(dir: string, workingCopy: string, author: Person): GitStore {
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir])
    const store = new GitStore(dir)
    const env = { GIT_INDEX_FILE: store.index, GIT_WORK_TREE: workingCopy }
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
    // Every branch move goes through here: the refs are read from git again after one.
    if (args[0] === 'update-ref') this.refsRead = undefined
    return this.run(args, options).toString('utf8').replace(/\n$/, '')
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
    const named = rev.includes(':') ? rev : `${rev}^{${type}}`
    // An object and its type in one process; a path in a commit that exists is there, or not, for ever.
    const read = () => {
      if (named.includes('\n')) return undefined
      const format = '--batch-check=%(objectname) %(objecttype)'
      const [sha, found] = (this.attempt(['cat-file', format], `${named}\n`) ?? '').split(' ')
      return found === type ? sha : undefined
    }
    const commit = /^([0-9a-f]{40}):/.exec(rev)?.[1]
    return this.once(`rev:${type} ${rev}`, read, commit !== undefined && !!this.resolve(commit))
  }
  private refsRead: Map<string, string> | undefined
  private refMap = () =>
    (this.refsRead ??= new Map(
      this.git(['for-each-ref', '--format=%(refname) %(objectname)'])
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ') as [string, string])
    ))

  /** What an object id names never changes: asked of git once (each call is a process). */
  private readonly known = new Map<string, unknown>()
  private once = <T>(key: string, read: () => T, keepNone = false): T => {
    if (this.known.has(key)) return this.known.get(key) as T
    const value = read()
    if ((value !== undefined || keepNone) && /^\S+ [0-9a-f]{40}\b/.test(key))
      this.known.set(key, value)
    return value
  }
  objectType = (sha: string) =>
    this.once(`type ${sha}`, () => this.attempt(['cat-file', '-t', sha]))
  readBlob = (sha: string) => this.once(`blob ${sha}`, () => this.run(['cat-file', 'blob', sha]))
  writeBlob = (content: Buffer) => this.git(['hash-object', '-w', '--stdin'], { input: content })

  /** A tree's entries, the whole tree when recursive; a tree has no size (as on GitHub). */
  lsTree = (tree: string, recursive: boolean) =>
    this.once(`tree ${tree} ${recursive}`, () => this.listTree(tree, recursive))
  private listTree(tree: string, recursive: boolean) {
    const out = this.git(['ls-tree', '-z', '--long', ...(recursive ? ['-r', '-t'] : []), tree])
    const entries = [...out.matchAll(/(\d+) (\w+) (\w+) +(\S+)\t([^\0]*)/g)]
    return entries.map(([, mode, type, sha, size, path]) => {
      return { path, mode, type, sha, size: type === 'blob' ? Number(size) : undefined }
    })
  }

  /** A new tree: `base` (a tree or commit, or none) with files put or, with a null sha, removed. */
  writeTree(base: string | undefined, changes: TreeChange[]): string {
    const env = { GIT_INDEX_FILE: this.index }
    this.git(['read-tree', base ?? '--empty'], { env })
    const lines = changes.map(({ path, mode = '100644', sha, content }) =>
      sha === null
        ? `0 ${'0'.repeat(40)}\t${path}\0`
        : `${mode} ${content === undefined ? sha : this.writeBlob(Buffer.from(content))}\t${path}\0`
    )
    this.git(['update-index', '-z', '--index-info'], { env, input: lines.join('') })
    return this.git(['write-tree'], { env })
  }

  commit(c: Omit<CommitInfo, 'sha'>) {
    const as = (role: string, { name, email, date }: Person) => ({
      [`GIT_${role}_NAME`]: name,
      [`GIT_${role}_EMAIL`]: email,
      [`GIT_${role}_DATE`]: date ?? new Date().toISOString(),
    })
    return this.git(['commit-tree', c.tree, ...c.parents.flatMap((p) => ['-p', p])], {
      input: c.message,
      env: { ...as('AUTHOR', c.author), ...as('COMMITTER', c.committer) },
    })
  }

  commitInfo = (sha: string) => this.once(`info ${sha}`, () => this.readCommit(sha))
  private readCommit(sha: string) {
    const format = '--format=%T%n%P%n%an%n%ae%n%ad%n%cn%n%ce%n%cd%n%B'
    const show = ['show', '-s', '--date=format-local:%Y-%m-%dT%H:%M:%SZ', format, sha]
    const utc = { env: { TZ: 'UTC' } }
    const [tree, parents, an, ae, ad, cn, ce, cd, ...message] = this.git(show, utc).split('\n')
    const person = (name = '', email = '', date?: string): Person => ({ name, email, date })
    return {
      sha,
      tree: tree!,
      parents: parents ? parents.split(' ') : [],
      author: person(an, ae, ad),
      committer: person(cn, ce, cd),
      message: message.join('\n').replace(/\n+$/, ''),
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
    [a, b].every((id) => /^[0-9a-f]{40}$/.test(id)) ? this.once(`${name} ${a} ${b}`, read) : read()
  isAncestor = (ancestor: string, of: string) =>
    this.ofTwo('ancestor', ancestor, of, () =>
      this.attempt(['merge-base', '--is-ancestor', ancestor, of]) !== undefined ? 'yes' : 'no'
    ) === 'yes'
  mergeBase = (a: string, b: string) =>
    this.ofTwo('base', a, b, () => this.attempt(['merge-base', a, b]))
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

  /** The commits in `to` and not in `from`, oldest first. */
  commitsBetween = (from: string, to: string) =>
    this.ofTwo('between', from, to, () => {
      const list = this.git(['rev-list', '--reverse', `${from}..${to}`])
      return list ? list.split('\n').map((sha) => this.commitInfo(sha)) : []
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
