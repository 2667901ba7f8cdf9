import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  checkLinks,
  DEFAULT_USER_AGENT,
  formatLinkReport,
  groupUses,
  type LinkResult,
  type LinkTarget,
} from '#tools/links/link-check.ts'

// A local server plays every kind of outside site. It records each request
// (method and path) and the most /slow/ requests it had in flight at once.
let server: Server
let base = ''
let requests: { method: string; path: string; userAgent?: string }[] = []
let inFlight = 0
let maxInFlight = 0
let flakyCalls = 0
// /slow/ requests are held until `want` of them wait (or as many as are still
// to come), then answered together: each batch shows how many were in flight.
let gate = { want: 1, remaining: 0, releasing: false }
let held: ServerResponse[] = []

function send(res: ServerResponse, status: number, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers })
  res.end(res.req.method === 'HEAD' ? undefined : `status ${status}`)
}

function route(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  const method = req.method ?? 'GET'
  switch (true) {
    case path === '/ok':
      return send(res, 200)
    case path === '/old':
      return send(res, 301, { location: '/older' })
    case path === '/older':
      return send(res, 301, { location: `${base}/new` })
    case path === '/new':
      return send(res, 200)
    case path === '/temporary':
      return send(res, 302, { location: '/ok' })
    case path === '/loop-a':
      return send(res, 302, { location: '/loop-b' })
    case path === '/loop-b':
      return send(res, 302, { location: '/loop-a' })
    case path.startsWith('/chain/'):
      return send(res, 301, { location: `/chain/${Number(path.slice(7)) + 1}` })
    case path === '/missing':
      return send(res, 404)
    case path === '/broken-server':
      return send(res, 500)
    case path === '/flaky':
      // Fails the first try (its HEAD and the GET after it), then works.
      flakyCalls += 1
      return send(res, flakyCalls <= 2 ? 503 : 200)
    case path === '/no-head':
      return send(res, method === 'HEAD' ? 405 : 200)
    case path === '/head-forbidden':
      return send(res, method === 'HEAD' ? 403 : 200)
    case path === '/never':
      // Takes the request and never answers; the socket stays open.
      return undefined
    case path.startsWith('/slow/'):
      held.push(res)
      if (held.length >= Math.min(gate.want, gate.remaining) && !gate.releasing) {
        // Wait a moment before answering, so a checker that asks for more at
        // once than it should is seen doing so.
        gate.releasing = true
        setTimeout(() => {
          gate.releasing = false
          gate.remaining -= held.length
          for (const waiting of held.splice(0)) send(waiting, 200)
        }, 50)
      }
      return undefined
    default:
      return send(res, 404)
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      userAgent: req.headers['user-agent'],
    })
    if (req.url?.startsWith('/slow/')) {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      res.on('finish', () => (inFlight -= 1))
    }
    route(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
  inFlight = 0
  maxInFlight = 0
  flakyCalls = 0
  held = []
})

// Answers from this machine never take 10 s, however busy it is: only the
// test of a server that never answers waits for a timeout, its own short one.
const fast = { timeoutMs: 10_000, retryDelayMs: 20 }

function target(path: string, id = path.slice(1)): LinkTarget {
  return { url: `${base}${path}`, uses: [{ file: 'content/data/links.yaml', line: 7, id }] }
}

async function checkOne(path: string, options = {}): Promise<LinkResult> {
  const [result] = await checkLinks([target(path)], { ...fast, ...options })
  return result!
}

function requestsTo(path: string) {
  return requests.filter((r) => r.path === path).map((r) => r.method)
}

describe('checkLinks', () => {
  it('accepts a 200 with a single HEAD request that names the checker', async () => {
    const result = await checkOne('/ok')
    expect(result).toMatchObject({ ok: true, status: 200, redirects: 0, attempts: 1 })
    expect(result.problem).toBeUndefined()
    expect(result.moved).toBeUndefined()
    expect(requests).toEqual([{ method: 'HEAD', path: '/ok', userAgent: DEFAULT_USER_AGENT }])
  })

  it('follows a chain of permanent redirects and notes the address moved', async () => {
    const result = await checkOne('/old')
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      redirects: 2,
      finalUrl: `${base}/new`,
      moved: 'permanently',
    })
    expect(requests.map((r) => r.path)).toEqual(['/old', '/older', '/new'])
  })

  it('marks a working temporary redirect as moved temporarily', async () => {
    const result = await checkOne('/temporary')
    expect(result).toMatchObject({ ok: true, redirects: 1, moved: 'temporarily' })
  })

  it('reports a redirect loop as broken without retrying', async () => {
    const result = await checkOne('/loop-a')
    expect(result.ok).toBe(false)
    expect(result.problem).toBe(`the address redirects in a loop (back to ${base}/loop-a)`)
    expect(result.attempts).toBe(1)
    expect(requests.map((r) => r.path)).toEqual(['/loop-a', '/loop-b'])
  })

  it('gives up after the most redirects allowed', async () => {
    const result = await checkOne('/chain/0')
    expect(result.ok).toBe(false)
    expect(result.problem).toBe('too many redirects (more than 10)')
    expect(requests).toHaveLength(11)
    const fewer = await checkOne('/chain/0', { maxRedirects: 3 })
    expect(fewer.problem).toBe('too many redirects (more than 3)')
  })

  it('reports a 404 in plain words, asking with GET before giving up, without retrying', async () => {
    const result = await checkOne('/missing')
    expect(result).toMatchObject({ ok: false, status: 404, attempts: 1 })
    expect(result.problem).toBe('the server answered 404 Not Found')
    expect(requestsTo('/missing')).toEqual(['HEAD', 'GET'])
  })

  it('retries a 500 once after the delay, then reports it', async () => {
    const result = await checkOne('/broken-server')
    expect(result).toMatchObject({ ok: false, status: 500, attempts: 2 })
    expect(result.problem).toBe('the server answered 500 Internal Server Error')
    expect(requestsTo('/broken-server')).toEqual(['HEAD', 'GET', 'HEAD', 'GET'])
  })

  it('does not retry when retries is 0', async () => {
    const result = await checkOne('/broken-server', { retries: 0 })
    expect(result.attempts).toBe(1)
    expect(requestsTo('/broken-server')).toEqual(['HEAD', 'GET'])
  })

  it('accepts a server error that clears on the retry', async () => {
    const result = await checkOne('/flaky')
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 2 })
    expect(requestsTo('/flaky')).toEqual(['HEAD', 'GET', 'HEAD'])
  })

  it('falls back to GET when the server refuses HEAD', async () => {
    expect(await checkOne('/no-head')).toMatchObject({ ok: true, status: 200, attempts: 1 })
    expect(requestsTo('/no-head')).toEqual(['HEAD', 'GET'])
    expect(await checkOne('/head-forbidden')).toMatchObject({ ok: true, status: 200 })
    expect(requestsTo('/head-forbidden')).toEqual(['HEAD', 'GET'])
  })

  it('stops waiting for a server that never answers, retries once, and says so', async () => {
    const started = performance.now()
    const result = await checkOne('/never', { timeoutMs: 300 })
    const elapsed = performance.now() - started
    expect(result).toMatchObject({ ok: false, attempts: 2 })
    expect(result.status).toBeUndefined()
    expect(result.problem).toBe('no answer within 0.3 seconds')
    expect(requestsTo('/never')).toEqual(['HEAD', 'HEAD'])
    // Two tries of 300 ms and a 20 ms pause, at least (never the 10 s default).
    expect(elapsed).toBeGreaterThanOrEqual(580)
    expect(elapsed).toBeLessThan(10_000)
  })

  it('fails fast, in plain words, on a host name that does not exist', async () => {
    const started = performance.now()
    const [result] = await checkLinks(
      [{ url: 'https://no-such-host.invalid/form', uses: [] }],
      // The real defaults (10 s timeout, 1 s before a retry): a missing name is not retried.
      {}
    )
    expect(result).toMatchObject({ ok: false, attempts: 1 })
    expect(result!.problem).toBe("the address's host name could not be found")
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('reports an address that is not a web address without asking anyone', async () => {
    const results = await checkLinks([
      { url: 'not an address', uses: [] },
      { url: 'mailto:office@example.org', uses: [] },
    ])
    expect(results.map((r) => r.problem)).toEqual([
      'is not a valid address',
      'is not a web address (it starts with "mailto:")',
    ])
  })

  it('checks at most `concurrency` addresses at once and keeps the order', async () => {
    const targets = Array.from({ length: 9 }, (_, i) => target(`/slow/${i}`))
    const slow = { timeoutMs: 5_000, retries: 0 }
    gate = { want: 3, remaining: 9, releasing: false }
    const results = await checkLinks(targets, { ...slow, concurrency: 3 })
    expect(requests).toHaveLength(9)
    expect(maxInFlight).toBe(3)
    expect(results.map((r) => r.url)).toEqual(targets.map((t) => t.url))
    expect(results.every((r) => r.ok)).toBe(true)

    // The default is 6 at once.
    requests = []
    maxInFlight = 0
    gate = { want: 6, remaining: 9, releasing: false }
    expect((await checkLinks(targets, slow)).every((r) => r.ok)).toBe(true)
    expect(maxInFlight).toBe(6)
  })

  it('reports progress as each address finishes', async () => {
    const seen: number[] = []
    await checkLinks([target('/ok'), target('/missing')], {
      ...fast,
      onResult: (_, done, total) => seen.push(done * 10 + total),
    })
    expect(seen.sort()).toEqual([12, 22])
  })
})

describe('groupUses', () => {
  it('makes one target per address with every use, in first-seen order', () => {
    expect(
      groupUses([
        { url: 'https://a.example/', file: 'content/data/links.yaml', line: 3, id: 'a' },
        { url: 'https://b.example/', file: 'content/data/forms.yaml', line: 9, id: 'b' },
        { url: 'https://a.example/', file: 'content/data/documents.yaml', line: 20, id: 'c' },
      ])
    ).toEqual([
      {
        url: 'https://a.example/',
        uses: [
          { file: 'content/data/links.yaml', line: 3, id: 'a' },
          { file: 'content/data/documents.yaml', line: 20, id: 'c' },
        ],
      },
      { url: 'https://b.example/', uses: [{ file: 'content/data/forms.yaml', line: 9, id: 'b' }] },
    ])
  })
})

describe('formatLinkReport', () => {
  const broken: LinkResult = {
    url: 'https://files.example/Audits/Monroe+FD%231+2019.pdf',
    ok: false,
    status: 404,
    redirects: 0,
    attempts: 1,
    problem: 'the server answered 404 Not Found',
    uses: [
      { file: 'content/data/documents.yaml', line: 123, id: 'budget-2019' },
      { file: 'content/data/links.yaml', line: 40, id: 'budget-2019-link' },
    ],
  }
  const moved: LinkResult = {
    url: 'https://old.example/form',
    ok: true,
    status: 200,
    redirects: 2,
    finalUrl: 'https://new.example/form',
    moved: 'permanently',
    attempts: 1,
    uses: [{ file: 'content/data/forms.yaml', line: 8, id: 'type-1-permit' }],
  }
  const fine: LinkResult = {
    url: 'https://ok.example/',
    ok: true,
    status: 200,
    redirects: 0,
    attempts: 1,
    uses: [{ file: 'content/data/links.yaml', line: 3, id: 'ok' }],
  }

  it('lists each broken address with its problem and every use, then a summary', () => {
    const lines = formatLinkReport([fine, broken, moved]).split('\n')
    expect(lines).toEqual([
      'Broken addresses (1):',
      '',
      'https://files.example/Audits/Monroe+FD%231+2019.pdf',
      '  the server answered 404 Not Found',
      '  used in content/data/documents.yaml:123 (id budget-2019)',
      '  used in content/data/links.yaml:40 (id budget-2019-link)',
      '',
      'Addresses that redirect but work (1):',
      '',
      'https://old.example/form',
      '  moved permanently to https://new.example/form (2 redirects); update the address to the new one',
      '  used in content/data/forms.yaml:8 (id type-1-permit)',
      '',
      '3 addresses checked: 2 working (1 of them through a redirect), 1 broken.',
    ])
    expect(lines.some((line) => line.startsWith('::'))).toBe(false)
  })

  it('adds GitHub annotations: errors for broken uses, notices for moved ones', () => {
    const annotations = formatLinkReport([fine, broken, moved], { githubActions: true })
      .split('\n')
      .filter((line) => line.startsWith('::'))
    expect(annotations).toEqual([
      '::error file=content/data/documents.yaml,line=123,title=Broken link::https://files.example/Audits/Monroe+FD%25231+2019.pdf: the server answered 404 Not Found (id budget-2019)',
      '::error file=content/data/links.yaml,line=40,title=Broken link::https://files.example/Audits/Monroe+FD%25231+2019.pdf: the server answered 404 Not Found (id budget-2019-link)',
      '::notice file=content/data/forms.yaml,line=8,title=Moved link::https://old.example/form: moved permanently to https://new.example/form (2 redirects); update the address to the new one (id type-1-permit)',
    ])
  })

  it('says when nothing answered at all, and when everything works', () => {
    const offline: LinkResult = {
      ...fine,
      ok: false,
      status: undefined,
      problem: "the address's host name could not be found",
    }
    expect(formatLinkReport([offline]).split('\n').at(-1)).toBe(
      '1 address checked: 0 working, 1 broken. No server answered at all: check the internet connection before changing any address.'
    )
    expect(formatLinkReport([fine])).toBe('1 address checked: 1 working, 0 broken.')
  })

  it('reports real results from the local server with their files and lines', async () => {
    const results = await checkLinks([target('/ok'), target('/missing', 'old-form')], fast)
    const report = formatLinkReport(results, { githubActions: true })
    expect(report).toContain(
      `${base}/missing\n  the server answered 404 Not Found\n  used in content/data/links.yaml:7 (id old-form)`
    )
    expect(report).toContain(
      `::error file=content/data/links.yaml,line=7,title=Broken link::${base}/missing: the server answered 404 Not Found (id old-form)`
    )
    expect(report).not.toContain(`${base}/ok`)
  })
})
