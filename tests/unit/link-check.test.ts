import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  checkLinks,
  DEFAULT_USER_AGENT,
  formatLinkReport,
  type LinkResult,
  type LinkTarget,
} from '#tools/links/check-links.ts'
import { listen } from '#tests/helpers/ports.ts'

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
    case path === '/moved-away':
      return send(res, 302, { location: '/missing' })
    case path === '/temporary':
      return send(res, 302, { location: '/ok' })
    case path === '/loop-a':
      return send(res, 302, { location: '/loop-b' })
    case path === '/loop-b':
      return send(res, 302, { location: '/loop-a' })
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
    case path === '/refuses-checkers':
      // LinkedIn's answer to checkers, and Cloudflare's robot challenge:
      // linkinator skips both (SKIPPED), as it skips a mailto: link.
      return send(res, 999)
    case path === '/challenge':
      return send(res, 403, { 'cf-mitigated': 'challenge' })
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
  base = await listen(server)
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

// Answers from this machine never take a minute, however busy it is: only the
// test of a server that never answers waits for a timeout, its own short one.
// linkinator waits 2 s before a retry whatever the jitter, so the tests that
// retry are few, and they check their addresses together.
const fast = { timeoutMs: 60_000, retryJitterMs: 0 }

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
    expect(result).toEqual({ url: `${base}/ok`, ok: true, status: 200, uses: target('/ok').uses })
    expect(requests).toEqual([{ method: 'HEAD', path: '/ok', userAgent: DEFAULT_USER_AGENT }])
  })

  it('follows redirects and notes where the address now leads', async () => {
    const result = await checkOne('/old')
    expect(result).toMatchObject({ ok: true, status: 200, finalUrl: `${base}/new` })
    expect(result.problem).toBeUndefined()
    expect(requests.map((r) => r.path)).toEqual(['/old', '/older', '/new'])
    // A temporary redirect is told the same way: linkinator does not say which it was.
    expect(await checkOne('/temporary')).toMatchObject({ ok: true, finalUrl: `${base}/ok` })
  })

  it('reports where a redirect leads when that address is broken', async () => {
    const result = await checkOne('/moved-away')
    expect(result).toMatchObject({ ok: false, status: 404, finalUrl: `${base}/missing` })
    expect(result.problem).toBe(
      `the server answered 404 Not Found at ${base}/missing, where the address now leads`
    )
  })

  it('reports a redirect loop as broken', async () => {
    const result = await checkOne('/loop-a', { retries: 0 })
    expect(result.ok).toBe(false)
    expect(result.status).toBeUndefined()
    expect(result.problem).toBe(
      'the address redirects too many times (more than 20), most likely in a loop'
    )
    // 20 redirects are followed with HEAD, then again with GET.
    expect(requests).toHaveLength(42)
  })

  it('reports a 404 in plain words, asking with GET before giving up, without retrying', async () => {
    const result = await checkOne('/missing')
    expect(result).toMatchObject({ ok: false, status: 404 })
    expect(result.problem).toBe('the server answered 404 Not Found')
    expect(requestsTo('/missing')).toEqual(['HEAD', 'GET'])
  })

  it('retries a server error once: a lasting one is reported, a passing one accepted', async () => {
    const [lasting, passing] = await checkLinks([target('/broken-server'), target('/flaky')], fast)
    expect(lasting).toMatchObject({ ok: false, status: 500 })
    expect(lasting!.problem).toBe('the server answered 500 Internal Server Error')
    expect(requestsTo('/broken-server')).toEqual(['HEAD', 'GET', 'HEAD', 'GET'])
    expect(passing).toMatchObject({ ok: true, status: 200 })
    expect(requestsTo('/flaky')).toEqual(['HEAD', 'GET', 'HEAD'])
  })

  it('does not retry when retries is 0', async () => {
    const result = await checkOne('/broken-server', { retries: 0 })
    expect(result).toMatchObject({ ok: false, status: 500 })
    expect(requestsTo('/broken-server')).toEqual(['HEAD', 'GET'])
  })

  it('falls back to GET when the server refuses HEAD', async () => {
    expect(await checkOne('/no-head')).toMatchObject({ ok: true, status: 200 })
    expect(requestsTo('/no-head')).toEqual(['HEAD', 'GET'])
    expect(await checkOne('/head-forbidden')).toMatchObject({ ok: true, status: 200 })
    expect(requestsTo('/head-forbidden')).toEqual(['HEAD', 'GET'])
  })

  it('stops waiting for a server that never answers and says so', async () => {
    const result = await checkOne('/never', { timeoutMs: 300, retries: 0 })
    expect(result).toMatchObject({ ok: false })
    expect(result.status).toBeUndefined()
    expect(result.problem).toBe('no answer within 0.3 seconds')
    expect(requestsTo('/never')).toEqual(['HEAD', 'GET'])
  })

  it('looks up each host name first and reports one that does not exist for every address', async () => {
    const missing = ['https://no-such-host.invalid/form', 'https://no-such-host.invalid/other']
    const results = await checkLinks(
      [...missing.map((url) => ({ url, uses: [] })), target('/ok')],
      fast
    )
    expect(results.map((r) => [r.ok, r.problem])).toEqual([
      [false, "the address's host name could not be found"],
      [false, "the address's host name could not be found"],
      [true, undefined],
    ])
    expect(results[0]!.status).toBeUndefined()
  })

  it('reports an address that is not a web address without asking anyone', async () => {
    const results = await checkLinks([
      { url: 'not an address', uses: [] },
      { url: 'mailto:office@example.org', uses: [] },
      { url: 'javascript:alert(1)', uses: [] },
    ])
    expect(results.map((r) => [r.ok, r.problem])).toEqual(
      Array(3).fill([false, 'is not a web address (https://…)'])
    )
    expect(requests).toEqual([])
  })

  it('never counts an address linkinator skipped as working: it says to open it in a browser', async () => {
    const results = await checkLinks([target('/refuses-checkers'), target('/challenge')], {
      ...fast,
      retries: 0,
    })
    expect(results.map((r) => [r.ok, r.status, r.problem])).toEqual([
      [
        false,
        999,
        'the server answered 999; some sites refuse automatic checkers, so open it in a browser to be sure',
      ],
      [
        false,
        403,
        'the server answered 403 Forbidden; some sites refuse automatic checkers, so open it in a browser to be sure',
      ],
    ])
    expect(formatLinkReport(results).split('\n').at(-1)).toBe(
      '2 addresses checked: 0 working, 2 broken.'
    )
  })

  it('checks addresses with odd characters, and the same address with two #parts once', async () => {
    const odd = { url: `${base}/ok?a=1&b="2"<`, uses: [] }
    const [first, second, third] = await checkLinks(
      [odd, { url: `${base}/ok#top`, uses: [] }, { url: `${base}/ok#end`, uses: [] }],
      fast
    )
    expect(first).toMatchObject({ url: odd.url, ok: true })
    expect(second).toMatchObject({ url: `${base}/ok#top`, ok: true })
    expect(third).toMatchObject({ url: `${base}/ok#end`, ok: true })
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/ok?a=1&b=%222%22%3C', '/ok'])
    )
    expect(requests).toHaveLength(2)
  })

  it('checks at most `concurrency` addresses at once and keeps the order', async () => {
    const targets = Array.from({ length: 9 }, (_, i) => target(`/slow/${i}`))
    gate = { want: 3, remaining: 9, releasing: false }
    const results = await checkLinks(targets, { ...fast, concurrency: 3 })
    expect(requests).toHaveLength(9)
    expect(maxInFlight).toBe(3)
    expect(results.map((r) => r.url)).toEqual(targets.map((t) => t.url))
    expect(results.every((r) => r.ok)).toBe(true)

    // The default is 6 at once.
    requests = []
    maxInFlight = 0
    gate = { want: 6, remaining: 9, releasing: false }
    expect((await checkLinks(targets, fast)).every((r) => r.ok)).toBe(true)
    expect(maxInFlight).toBe(6)
  })
})

describe('formatLinkReport', () => {
  const broken: LinkResult = {
    url: 'https://files.example/Audits/Monroe+FD%231+2019.pdf',
    ok: false,
    status: 404,
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
    finalUrl: 'https://new.example/form',
    uses: [{ file: 'content/data/forms.yaml', line: 8, id: 'type-1-permit' }],
  }
  const fine: LinkResult = {
    url: 'https://ok.example/',
    ok: true,
    status: 200,
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
      '  now leads to https://new.example/form; if that is the same page or file, update the address to it',
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
      '::notice file=content/data/forms.yaml,line=8,title=Moved link::https://old.example/form: now leads to https://new.example/form; if that is the same page or file, update the address to it (id type-1-permit)',
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
