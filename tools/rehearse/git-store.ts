import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The GitHub stand-in's repositories: one real bare git repository holding
// the objects of the site's repository and of every fork, as GitHub keeps a
// repository and its forks in one network. The origin's branches are
// refs/heads/*, a fork's are refs/forks/<owner>/heads/*. Everything here is
// plain git plumbing, run on the git installed on the machine.

export type Person = { name: string; email: string; date?: string }
export type TreeChange = { path: string; mode?: string; sha?: string | null; content?: string }
export type ChangedFile = {
  filename: string
  status: 'added' | 'removed' | 'modified'
  sha: string | null
  patch?: string
}
export type CommitInfo = {
  sha: string
  parents: string[]
  tree: string
  author: Required<Person>
  committer: Required<Person>
  message: string
}

const ZERO = '0'.repeat(40)

export class GitStore {
  readonly dir: string

  constructor(dir: string) {
    this.dir = dir
  }

  /** A new store whose `main` holds the files of a working copy (tracked and new, not ignored). */
  static fromWorkingCopy(dir: string, workingCopy: string, author: Person): GitStore {
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir])
    const store = new GitStore(dir)
    const index = store.tempIndex()
    try {
      const env = { GIT_INDEX_FILE: index.file, GIT_WORK_TREE: workingCopy }
      store.git(['add', '--all', '.'], { env, cwd: workingCopy })
      const tree = store.git(['write-tree'], { env })
      const sha = store.commit({
        tree,
        parents: [],
        message: 'The working copy, as the rehearsal started',
        author,
        committer: author,
      })
      store.git(['update-ref', 'refs/heads/main', sha])
    } finally {
      index.remove()
    }
    return store
  }

  git(
    args: string[],
    options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string } = {}
  ) {
    try {
      return execFileSync('git', [`--git-dir=${this.dir}`, ...args], {
        input: options.input,
        env: { ...process.env, ...options.env },
        cwd: options.cwd,
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
        .toString('utf8')
        .replace(/\n$/, '')
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim()
      throw new Error(`git ${args[0]}: ${stderr || (error as Error).message}`, { cause: error })
    }
  }

  private tempIndex() {
    const folder = mkdtempSync(join(tmpdir(), 'rehearsal-index-'))
    return {
      file: join(folder, 'index'),
      remove: () => rmSync(folder, { recursive: true, force: true }),
    }
  }

  /** The object of a type a revision names (peeled: a commit's tree), or undefined. */
  resolve(rev: string, type = 'commit'): string | undefined {
    try {
      // <rev>:<path> names a path's object as it is; only a bare revision is peeled.
      const sha = this.git([
        'rev-parse',
        '--verify',
        '--quiet',
        rev.includes(':') ? rev : `${rev}^{${type}}`,
      ])
      return this.objectType(sha) === type ? sha : undefined
    } catch {
      return undefined
    }
  }

  objectType(sha: string): string | undefined {
    try {
      return this.git(['cat-file', '-t', sha])
    } catch {
      return undefined
    }
  }

  readBlob(sha: string): Buffer {
    return execFileSync('git', [`--git-dir=${this.dir}`, 'cat-file', 'blob', sha], {
      maxBuffer: 256 * 1024 * 1024,
    })
  }

  writeBlob(content: Buffer): string {
    return this.git(['hash-object', '-w', '--stdin'], { input: content })
  }

  /** A tree's entries (with sizes of blobs), the whole tree when recursive. */
  lsTree(tree: string, recursive: boolean) {
    const out = this.git(['ls-tree', '-z', '--long', ...(recursive ? ['-r', '-t'] : []), tree])
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t') as [string, string]
        const [mode, type, sha, size] = meta.split(/\s+/) as [string, string, string, string]
        return { path, mode, type, sha, ...(type === 'blob' ? { size: Number(size) } : {}) }
      })
  }

  /** A new tree: `base` (a tree or commit, or none) with files put or, with a null sha, removed. */
  writeTree(base: string | undefined, changes: TreeChange[]): string {
    const index = this.tempIndex()
    try {
      const env = { GIT_INDEX_FILE: index.file }
      this.git(base ? ['read-tree', base] : ['read-tree', '--empty'], { env })
      const lines = changes.map((change) => {
        if (change.sha === null) return `0 ${ZERO}\t${change.path}`
        const sha =
          change.content !== undefined ? this.writeBlob(Buffer.from(change.content)) : change.sha
        return `${change.mode ?? '100644'} ${sha}\t${change.path}`
      })
      if (lines.length)
        this.git(['update-index', '-z', '--index-info'], { env, input: lines.join('\0') + '\0' })
      return this.git(['write-tree'], { env })
    } finally {
      index.remove()
    }
  }

  commit(c: {
    tree: string
    parents: string[]
    message: string
    author: Person
    committer: Person
  }): string {
    const when = (p: Person) => p.date ?? new Date().toISOString()
    return this.git(['commit-tree', c.tree, ...c.parents.flatMap((p) => ['-p', p])], {
      input: c.message,
      env: {
        GIT_AUTHOR_NAME: c.author.name,
        GIT_AUTHOR_EMAIL: c.author.email,
        GIT_AUTHOR_DATE: when(c.author),
        GIT_COMMITTER_NAME: c.committer.name,
        GIT_COMMITTER_EMAIL: c.committer.email,
        GIT_COMMITTER_DATE: when(c.committer),
      },
    })
  }

  commitInfo(sha: string): CommitInfo {
    const [head, ...message] = this.git(['cat-file', 'commit', sha]).split('\n\n')
    const lines = head!.split('\n')
    const person = (key: string): Required<Person> => {
      const line = lines.find((l) => l.startsWith(`${key} `))!.slice(key.length + 1)
      const [, name, email, seconds] = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(line)!
      return {
        name: name!,
        email: email!,
        date: new Date(Number(seconds) * 1000).toISOString().replace('.000', ''),
      }
    }
    return {
      sha,
      tree: lines.find((l) => l.startsWith('tree '))!.slice(5),
      parents: lines.filter((l) => l.startsWith('parent ')).map((l) => l.slice(7)),
      author: person('author'),
      committer: person('committer'),
      message: message.join('\n\n').replace(/\n$/, ''),
    }
  }

  refs(prefix: string): { ref: string; sha: string }[] {
    const out = this.git(['for-each-ref', '--format=%(objectname) %(refname)', prefix])
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha, ref] = line.split(' ') as [string, string]
        return { ref, sha }
      })
  }

  setRef(ref: string, sha: string) {
    this.git(['update-ref', ref, sha])
  }

  deleteRef(ref: string) {
    this.git(['update-ref', '-d', ref])
  }

  isAncestor(ancestor: string, of: string): boolean {
    try {
      this.git(['merge-base', '--is-ancestor', ancestor, of])
      return true
    } catch {
      return false
    }
  }

  mergeBase(a: string, b: string): string | undefined {
    try {
      return this.git(['merge-base', a, b])
    } catch {
      return undefined
    }
  }

  /** The tree of merging two commits, or undefined when they change the same lines. */
  mergedTree(ours: string, theirs: string): string | undefined {
    try {
      return this.git(['merge-tree', '--write-tree', '--no-messages', ours, theirs]).split('\n')[0]
    } catch {
      return undefined
    }
  }

  /** The commits in `to` and not in `from`, oldest first. */
  commitsBetween(from: string, to: string): CommitInfo[] {
    const list = this.git(['rev-list', '--reverse', `${from}..${to}`])
    return list ? list.split('\n').map((sha) => this.commitInfo(sha)) : []
  }

  /** The files that differ between two commits, with their patches. */
  changedFiles(from: string, to: string): ChangedFile[] {
    const raw = this.git(['diff', '--no-renames', '--raw', '--no-abbrev', '-z', from, to]).split(
      '\0'
    )
    const patches = this.git(['diff', '--no-renames', '--patch', from, to])
      .split(/^(?=diff --git )/m)
      .filter(Boolean)
    const files: ChangedFile[] = []
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const [, , , newSha, letter] = raw[i]!.split(/\s+/) as string[]
      const filename = raw[i + 1]!
      const patch = patches.find((p) => p.startsWith(`diff --git a/${filename} `))
      files.push({
        filename,
        status: letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'modified',
        sha: letter === 'D' ? null : newSha!,
        // A binary file has no patch on GitHub either.
        ...(patch && !/^Binary files /m.test(patch)
          ? { patch: patch.replace(/^[^@]*(?=@@)/s, '') }
          : {}),
      })
    }
    return files
  }

  /** Puts a commit's files into a folder, as `git checkout` would, removing what it does not hold. */
  checkout(sha: string, workTree: string, indexFile: string) {
    this.git(['read-tree', '-u', '--reset', sha], {
      env: { GIT_INDEX_FILE: indexFile, GIT_WORK_TREE: workTree },
      cwd: workTree,
    })
  }
}
