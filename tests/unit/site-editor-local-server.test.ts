import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONTENT_PATH, LOCAL_BACKEND_PATH } from '#site-editor/config.ts'
import {
  foreignRequest,
  isContentPath,
  refusedBackendRequest,
} from '#tools/site-editor/local-guard.ts'
import { startSiteEditorServer, type SiteEditorServer } from '#tools/site-editor/local-server.ts'
import { FIXTURE } from '#tests/helpers/content.ts'

// `npm run site-editor` on a working copy: Decap's local backend writes any
// path it is given, so the server in front of it lets through only this
// server's own page (Host and Origin) and only content files. Tried as
// another site open in the same browser would.

// Until 2026-11-26 decap-server ran as its own process on a port of its own,
// which a direct request (a foreign Host, `Origin: http://localhost:3000`)
// could reach around the guard and write .github/workflows/evil.yml with.
const started = vi.hoisted(() => [] as string[])
vi.mock('node:child_process', async (original) => ({
  ...(await original<typeof import('node:child_process')>()),
  spawn: (program: string) => {
    started.push(program)
    throw new Error('the site editor server may start no other process')
  },
}))
/** A working copy that is not there: nothing in it can be a link. */
const NO_REPO = join(tmpdir(), 'no-such-working-copy')
const listening = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length

describe('the guard in front of the local backend', () => {
  it('takes only content files of known kinds', () => {
    for (const path of [
      'content/pages/fees.md',
      'content/data/alerts.yaml',
      'content/captions/fire-is-fast.vtt',
    ])
      expect(isContentPath(path), path).toBe(true)
    for (const path of [
      '.github/workflows/evil.yml',
      'content/../package.json',
      'content/pages/../../x.md',
      '/etc/passwd',
      'content/pages/x.html',
      'content/data/extra.yaml',
      'content/captions/pay.html',
      'content/pages/sub/x.md',
      'content\\pages\\x.md',
      'content//pages/fees.md',
    ])
      expect(isContentPath(path), path).toBe(false)
    expect(isContentPath('content/pages', true)).toBe(true)
    expect(isContentPath('content', true)).toBe(false)
  })

  it('refuses unknown actions and any path outside content in a request', () => {
    expect(refusedBackendRequest({ action: 'info' }, NO_REPO)).toBeUndefined()
    expect(refusedBackendRequest({ action: 'runShell' }, NO_REPO)).toMatch(
      /not one the site editor uses/
    )
    expect(
      refusedBackendRequest(
        {
          action: 'persistEntry',
          params: {
            entry: { path: 'content/pages/new.md', raw: 'x' },
            assets: [{ path: '.github/workflows/evil.yml', content: 'eA==', encoding: 'base64' }],
          },
        },
        NO_REPO
      )
    ).toMatch(/not ".github\/workflows\/evil.yml"/)
    expect(
      refusedBackendRequest(
        { action: 'deleteFiles', params: { paths: ['content/../README.md'] } },
        NO_REPO
      )
    ).toMatch(/content files/)
  })

  it('refuses another Host or another Origin, and a change without an Origin', () => {
    expect(foreignRequest(8081, { host: 'localhost:8081' })).toBeUndefined()
    expect(foreignRequest(8081, { host: 'evil.example:8081' })).toMatch(/answers only as/)
    expect(
      foreignRequest(8081, { host: 'localhost:8081', origin: 'https://evil.example' }, 'POST')
    ).toMatch(/evil\.example are refused/)
    expect(foreignRequest(8081, { host: 'localhost:8081' }, 'POST')).toMatch(/must come from/)
    expect(
      foreignRequest(8081, { host: '127.0.0.1:8081', origin: 'http://127.0.0.1:8081' }, 'POST')
    ).toBeUndefined()
  })
})

describe('npm run site-editor, as a hostile page would try it', () => {
  let server: SiteEditorServer
  let repo: string
  let port: number
  let ports: number

  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'editor-repo-'))
    cpSync(FIXTURE, join(repo, CONTENT_PATH), { recursive: true })
    const out = mkdtempSync(join(tmpdir(), 'editor-out-'))
    mkdirSync(join(out, 'admin'))
    writeFileSync(join(out, 'index.html'), '<p>site</p>')
    writeFileSync(join(out, '_headers'), '')
    writeFileSync(join(out, 'admin', 'index.html'), '<p>editor</p>')
    const before = listening()
    server = await startSiteEditorServer({ outDir: out, repoDir: repo, port: 0 })
    ports = listening() - before
    port = Number(new URL(server.url).port)
  })
  afterAll(() => server?.close())

  /** A raw request, with exactly the headers given (fetch would set Host and Origin itself). */
  const send = (headers: Record<string, string>, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const text = JSON.stringify(body)
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: LOCAL_BACKEND_PATH,
          headers: { 'Content-Type': 'application/json', ...headers },
        },
        (res) => {
          let answer = ''
          res.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: answer }))
        }
      )
      req.on('error', reject)
      req.end(text)
    })
  const options = { commitMessage: 'Save', useWorkflow: false, status: 'draft' }
  const own = () => ({ Host: `localhost:${port}`, Origin: `http://localhost:${port}` })
  const persist = (path: string) => ({
    action: 'persistEntry',
    params: { branch: 'main', entry: { path, raw: 'on: push\n', slug: 'x' }, assets: [], options },
  })

  it('has no backend to reach around the guard: one port, and no other process', () => {
    expect(ports).toBe(1)
    expect(started).toEqual([])
  })

  it('writes nothing for a page of another site (foreign Origin)', async () => {
    const answer = await send(
      { Host: `localhost:${port}`, Origin: 'https://evil.example' },
      persist('.github/workflows/evil.yml')
    )
    expect(answer.status).toBe(403)
    expect(existsSync(join(repo, '.github'))).toBe(false)
  })

  it('writes nothing outside content/, even from its own page', async () => {
    const answer = await send(own(), persist('.github/workflows/evil.yml'))
    expect(answer.status).toBe(403)
    expect(answer.text).toMatch(/only read and write the site's content files/)
    expect(existsSync(join(repo, '.github'))).toBe(false)
  })

  it('answers no other Host name (DNS rebinding)', async () => {
    const answer = await send(
      { Host: `rebind.example:${port}`, Origin: `http://rebind.example:${port}` },
      { action: 'info' }
    )
    expect(answer.status).toBe(403)
  })

  it('follows no symbolic link in content/: the target stays as it was', async () => {
    // A pull request can carry links; git checks them out as links.
    writeFileSync(join(repo, 'package.json'), '{"scripts": {}}\n')
    symlinkSync('../../package.json', join(repo, CONTENT_PATH, 'pages', 'linked.md'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'editor-elsewhere-'))
    renameSync(join(repo, CONTENT_PATH, 'captions'), join(repo, 'captions-kept'))
    symlinkSync(elsewhere, join(repo, CONTENT_PATH, 'captions'))
    for (const path of ['content/pages/linked.md', 'content/captions/fire-is-fast.vtt']) {
      const answer = await send(own(), persist(path))
      expect(answer.status, path).toBe(403)
      expect(answer.text).toMatch(/never follows a link \(symlink\) in content\//)
    }
    expect(readFileSync(join(repo, 'package.json'), 'utf8')).toBe('{"scripts": {}}\n')
    expect(readdirSync(elsewhere)).toEqual([])
  })

  it('saves a content file from its own page', async () => {
    const text = '---\nroute: /saved\n---\n'
    const answer = await send(own(), {
      action: 'persistEntry',
      params: {
        branch: 'main',
        entry: { path: 'content/pages/saved.md', raw: text, slug: 'saved' },
        assets: [],
        options,
      },
    })
    expect(answer.status).toBe(200)
    expect(readFileSync(join(repo, CONTENT_PATH, 'pages', 'saved.md'), 'utf8')).toBe(text)
  })
})
