import { describe, expect, it } from 'vitest'
import { parseHeadersFile, writeHeadersFile } from '#lib/headers/cloudflare.ts'
import { nginxConfig } from '#lib/headers/nginx.ts'
import {
  CAPTIONS_CSP,
  siteEditorCsp,
  GITHUB_API_ORIGIN,
  pageCsp,
  permissionsPolicy,
  siteCsp,
} from '#lib/headers/policies.ts'
import {
  CAPTIONS_RULE,
  SITE_EDITOR_RULE,
  headerRules,
  headersForPath,
  IMMUTABLE,
  pathMatches,
} from '#lib/headers/rules.ts'
import { FRAME_ORIGINS, MEDIA_ORIGINS } from '#lib/providers.ts'
import { fixture } from '../components/fixture-content.ts'

const directive = (csp: string, name: string) =>
  csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('the site-wide Content-Security-Policy', () => {
  const csp = siteCsp()

  it('allows only the site itself for scripts and styles, never inline or eval', () => {
    expect(directive(csp, 'default-src')).toBe("default-src 'self'")
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(directive(csp, 'style-src')).toBe("style-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/)
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d)
  })

  it('takes its frame and media hosts from the provider lists in code, not from content', () => {
    expect(directive(csp, 'frame-src')).toBe(`frame-src ${FRAME_ORIGINS.join(' ')}`)
    expect(directive(csp, 'media-src')).toBe(`media-src 'self' ${MEDIA_ORIGINS.join(' ')}`)
    expect(FRAME_ORIGINS).toContain('https://pci.jotform.com')
  })

  it('allows WebAssembly only when asked (the search page), and hashed inline styles', () => {
    expect(directive(siteCsp({ wasm: true }), 'script-src')).toBe(
      "script-src 'self' 'wasm-unsafe-eval'"
    )
    const strict = siteCsp({ styleHashes: ['sha256-abc='] })
    expect(directive(strict, 'script-src')).toBe("script-src 'self'")
    expect(directive(strict, 'style-src')).toBe("style-src 'self' 'sha256-abc='")
  })
})

describe('scripts allowed by their hash', () => {
  const hashes = ['sha256-site', 'sha256-search']

  it('names exactly the browser scripts, and what they load, never the whole site', () => {
    const csp = siteCsp({ scriptHashes: hashes, wasm: false })
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'sha256-site' 'sha256-search' 'strict-dynamic'"
    )
    expect(directive(csp, 'script-src')).not.toContain("'self'")
  })

  it('does the same for the site editor', () => {
    expect(directive(siteEditorCsp({ scriptHashes: ['sha256-editor'] }), 'script-src')).toBe(
      "script-src 'sha256-editor' 'strict-dynamic'"
    )
  })

  it('puts the hashes in the header of every path', () => {
    const rules = headerRules({ scriptHashes: hashes })
    for (const path of ['/', '/fees/', '/captions/pay.html', '/404.html'])
      expect(headersForPath(rules, path)['Content-Security-Policy'], path).toContain(
        "'sha256-search' 'strict-dynamic'"
      )
  })
})

describe('files under /captions/', () => {
  const rules = headerRules()

  it('are sent as WebVTT with a second policy that lets nothing run or load', () => {
    const headers = headersForPath(rules, '/captions/pay.html')
    expect(headers['Content-Type']).toBe('text/vtt; charset=utf-8')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    // Browsers enforce both policies of a comma-joined header: the stricter wins.
    expect(headers['Content-Security-Policy']).toBe(`${siteCsp()}, ${CAPTIONS_CSP}`)
    expect(CAPTIONS_CSP).toBe("default-src 'none'; sandbox")
    expect(CAPTIONS_RULE.path).toBe('/captions/*')
  })

  it('get the same on nginx, whatever the file is called', () => {
    const config = nginxConfig({ baseUrl: 'https://bureau.example.org' })
    const block = config.slice(config.indexOf('location /captions/ {'))
    const location = block.slice(0, block.indexOf('\n    }'))
    expect(location).toContain('types { }')
    expect(location).toContain('default_type "text/vtt; charset=utf-8";')
    expect(location).toContain(`add_header Content-Security-Policy "${CAPTIONS_CSP}" always;`)
  })
})

describe("each page's own policy", () => {
  const policyOf = (route: string) => pageCsp(fixture.byRoute.get(route)!.blocks)

  it('lets a page with nothing embedded frame nothing, fetch only from the site and compile no WebAssembly', () => {
    const csp = policyOf('/')
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'")
    expect(directive(csp, 'media-src')).toBe("media-src 'self'")
    expect(csp).not.toContain('frame-ancestors')
  })

  it('allows a page exactly the hosts of what it embeds', () => {
    expect(directive(policyOf('/lessons'), 'media-src')).toBe(
      `media-src 'self' ${MEDIA_ORIGINS.join(' ')}`
    )
    const csp = pageCsp([
      {
        kind: 'form',
        form: fixture.registries.forms.get('application')!,
        contact: fixture.registries.site,
      },
      { kind: 'video', video: fixture.registries.videos.get('reading')! },
    ])
    expect(directive(csp, 'frame-src')).toBe(
      'frame-src https://form.jotform.com https://www.youtube-nocookie.com'
    )
  })

  it('lets only the search page compile WebAssembly', () => {
    const csp = pageCsp([{ kind: 'search' }])
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'")
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'")
  })
})

describe('Permissions-Policy', () => {
  it('denies powerful features and allows payment and fullscreen only to embedded hosts', () => {
    const policy = permissionsPolicy()
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
      expect(policy).toContain(`${feature}=()`)
    expect(policy).toContain('payment=(self "https://form.jotform.com" "https://pci.jotform.com")')
    expect(policy).toContain('"https://www.youtube-nocookie.com"')
  })
})

describe('header rules', () => {
  const rules = headerRules()

  it('send the security headers on every path, and keep payment popups linked to their form', () => {
    const headers = headersForPath(rules, '/contact/')
    expect(headers['Content-Security-Policy']).toBe(siteCsp())
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups')
    expect(headers['Cache-Control']).toBeUndefined()
  })

  it('cache hashed assets for a year', () => {
    expect(headersForPath(rules, '/_next/static/chunks/a.css')['Cache-Control']).toBe(IMMUTABLE)
  })

  it('match paths as the reference host does', () => {
    expect(pathMatches('/*', '/')).toBe(true)
    expect(pathMatches('/_next/static/*', '/_next/static/x/y.css')).toBe(true)
    expect(pathMatches('/_next/static/*', '/_next/other.css')).toBe(false)
    expect(pathMatches('/admin/:page', '/admin/index.html')).toBe(true)
    expect(pathMatches('/admin/:page', '/admin/a/b')).toBe(false)
  })

  it('join a header set twice and drop a detached one, in order', () => {
    const headers = headersForPath(
      [
        { path: '/*', set: { 'X-A': '1', 'X-B': '1' } },
        { path: '/x/*', set: { 'X-A': '2' }, detach: ['x-b'] },
      ],
      '/x/y'
    )
    expect(headers).toEqual({ 'X-A': '1, 2' })
  })
})

describe('_headers for the reference host', () => {
  it('writes the rules, and reads back the same headers for every kind of path', () => {
    const rules = [
      ...headerRules(),
      { path: '/admin/*', detach: ['Content-Security-Policy'], set: { 'X-Robots-Tag': 'noindex' } },
    ]
    const text = writeHeadersFile(rules)
    expect(text).toContain('/admin/*\n  ! Content-Security-Policy\n  X-Robots-Tag: noindex')
    const parsed = parseHeadersFile(text)
    for (const path of ['/', '/fees/', '/_next/static/a.css', '/admin/', '/404.html'])
      expect(headersForPath(parsed, path), path).toEqual(headersForPath(rules, path))
  })

  it('refuses a file it cannot read', () => {
    expect(() => parseHeadersFile('  X-A: 1\n')).toThrow(/before any path/)
    expect(() => parseHeadersFile('/*\n  nonsense\n')).toThrow(/cannot read/)
  })
})

describe('the nginx configuration', () => {
  const config = nginxConfig({ baseUrl: 'https://bureau.example.org', searchPath: '/search/' })
  const location = (name: string) => {
    const start = config.indexOf(`location ${name} {`)
    return config.slice(start, config.indexOf('\n    }', start))
  }

  it('uses only directives nginx 1.22 knows', () => {
    expect(config).toContain('listen 443 ssl http2;')
    expect(config).not.toMatch(/^\s*http2 on;/m)
  })

  it('redirects plain HTTP to the canonical HTTPS address, not the Host header', () => {
    expect(config).toContain('return 301 https://bureau.example.org$request_uri;')
    expect(config).toContain('server_name bureau.example.org www.bureau.example.org;')
    expect(config).toContain('absolute_redirect off;')
    expect(config).not.toContain('$host')
  })

  it('sends the www. spelling of the name to the canonical address', () => {
    const www = config.slice(config.indexOf('server_name www.'))
    expect(www).toMatch(/^server_name www\.bureau\.example\.org;/)
    expect(www).toContain('return 301 https://bureau.example.org$request_uri;')
  })

  it('offers TLS 1.2 only with forward-secret ciphers', () => {
    const ciphers = /ssl_ciphers ([^;]+);/.exec(config)![1]!.split(':')
    expect(ciphers.length).toBeGreaterThan(0)
    for (const cipher of ciphers) expect(cipher).toMatch(/^ECDHE-/)
    expect(config).toContain('ssl_protocols TLSv1.2 TLSv1.3;')
  })

  it('hides its version, hidden files and the header file', () => {
    expect(config.match(/server_tokens off;/g)).toHaveLength(3)
    expect(config).toContain('location ~ /\\.(?!well-known/) {')
    expect(location('= /_headers')).toContain('return 404;')
  })

  it('compresses text, XML and JSON and says so to caches', () => {
    expect(config).toContain('gzip_vary on;')
    expect(config).toMatch(/gzip_types .*application\/json.*text\/xml application\/xml/)
  })

  it('sends every header in every location, also on its own error responses', () => {
    for (const name of [
      '/',
      '/search/',
      '/pagefind/',
      '/captions/',
      '/_next/static/',
      '= /404.html',
    ]) {
      const block = location(name)
      for (const header of Object.keys(headersForPath(headerRules(), '/')))
        expect(block, `${name} ${header}`).toMatch(new RegExp(`add_header ${header} ".*" always;`))
    }
  })

  it('lets only the search page and its index compile WebAssembly', () => {
    expect(location('/search/')).toContain("'wasm-unsafe-eval'")
    expect(location('/pagefind/')).toContain("'wasm-unsafe-eval'")
    expect(location('/')).not.toContain("'wasm-unsafe-eval'")
    expect(location('= /404.html')).not.toContain("'wasm-unsafe-eval'")
    expect(location('/captions/')).not.toContain("'wasm-unsafe-eval'")
  })
})

describe("'wasm-unsafe-eval' on both hosts", () => {
  // Both files as the build writes them: out/_headers read back as Cloudflare does, and the
  // nginx location that serves each path. Until issue 42, Cloudflare allowed it on every page.
  const hashes = { scriptHashes: ['sha256-site'], styleHashes: ['sha256-style'] }
  const cloudflare = parseHeadersFile(writeHeadersFile(headerRules(hashes, '/search/')))
  const nginx = nginxConfig({
    ...hashes,
    baseUrl: 'https://bureau.example.org',
    searchPath: '/search/',
  })
  const locations: Record<string, string> = {
    '/': 'location / {',
    '/fees/': 'location / {',
    '/search/': 'location /search/ {',
    '/pagefind/pagefind.js': 'location /pagefind/ {',
    '/404.html': 'location = /404.html {',
    '/captions/fire-is-fast.vtt': 'location /captions/ {',
    '/_next/static/a.css': 'location /_next/static/ {',
  }

  it.each(Object.entries(locations))(
    'is the same for %s on Cloudflare and nginx',
    (path, location) => {
      const start = nginx.indexOf(location)
      const block = nginx.slice(start, nginx.indexOf('\n    }', start))
      const wasm = /^\/(search|pagefind)\//.test(path)
      expect(
        headersForPath(cloudflare, path)['Content-Security-Policy']?.includes("'wasm-unsafe-eval'")
      ).toBe(wasm)
      expect(block.includes("'wasm-unsafe-eval'"), block).toBe(wasm)
    }
  )
})

describe('the site editor at /admin/', () => {
  const rules = headerRules()

  it('gets a looser style policy than the pages, and scripts from the site only', () => {
    const csp = siteEditorCsp()
    // Before the build knows the hashes (the build always gives them).
    expect(directive(csp, 'script-src')).toBe("script-src 'self'")
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'")
    expect(directive(csp, 'connect-src')).toBe(
      `connect-src 'self' ${GITHUB_API_ORIGIN} https://www.githubstatus.com`
    )
    expect(directive(csp, 'frame-src')).toBe(`frame-src ${FRAME_ORIGINS.join(' ')}`)
    expect(csp).not.toMatch(/'unsafe-eval'|wasm-unsafe-eval|localhost|\*/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'self'")
    // A <meta> policy cannot hold frame-ancestors; the header version has it.
    expect(csp).not.toContain('frame-ancestors')
    expect(siteEditorCsp({ header: true })).toBe(`${csp}; frame-ancestors 'none'`)
  })

  it('gets no site policy on the reference host (its page carries its own), and is not indexed', () => {
    const admin = headersForPath(rules, '/admin/')
    expect(admin['Content-Security-Policy']).toBeUndefined()
    expect(admin['X-Robots-Tag']).toBe('noindex, nofollow')
    for (const name of ['Strict-Transport-Security', 'X-Frame-Options', 'Permissions-Policy'])
      expect(admin[name], name).toBe(headersForPath(rules, '/')[name])
    expect(headersForPath(rules, '/admin/assets/index-abc.js')['Content-Security-Policy']).toBe(
      undefined
    )
  })

  it('changes nothing for any other path', () => {
    for (const path of ['/', '/fees/', '/administration/', '/search/', '/_next/static/a.css']) {
      const headers = headersForPath(rules, path)
      expect(headers['Content-Security-Policy'], path).toBe(siteCsp())
      expect(headers['X-Robots-Tag'], path).toBeUndefined()
    }
    expect(writeHeadersFile(rules)).toContain(
      '/admin/*\n  ! Content-Security-Policy\n  X-Robots-Tag: noindex, nofollow\n'
    )
    expect(rules.at(-1)).toBe(SITE_EDITOR_RULE)
  })

  it('gets its own policy as a header on nginx, which sends one location’s headers only', () => {
    const config = nginxConfig({ baseUrl: 'https://bureau.example.org' })
    const start = config.indexOf('location /admin/ {')
    const block = config.slice(start, config.indexOf('\n    }', start))
    expect(block).toContain(
      `add_header Content-Security-Policy "${siteEditorCsp({ header: true })}" always;`
    )
    expect(block).toContain('add_header X-Robots-Tag "noindex, nofollow" always;')
    for (const header of Object.keys(headersForPath(rules, '/')))
      expect(block, header).toMatch(new RegExp(`add_header ${header} ".*" always;`))
    expect(block.match(/Content-Security-Policy/g)).toHaveLength(1)
    const root = config.slice(config.indexOf('location / {'))
    expect(root.slice(0, root.indexOf('\n    }'))).toContain(siteCsp({ wasm: false }))
  })
})
