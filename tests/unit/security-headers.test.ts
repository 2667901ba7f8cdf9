import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getSiteContent } from '@/lib/content/site'
import {
  contentSecurityPolicy,
  headerRules,
  headersForPath,
  netlifyHeaders,
  nginxConfig,
  permissionsPolicy,
} from '@/lib/security-headers'

const { registries } = getSiteContent()

describe('Content-Security-Policy', () => {
  const csp = contentSecurityPolicy(registries)
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

  it('allows only the site itself for scripts and styles, never inline or eval', () => {
    expect(directive('default-src')).toBe("default-src 'self'")
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'")
    expect(directive('style-src')).toBe("style-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/)
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(d)
    }
  })

  it('takes its frame and media hosts from the registries', () => {
    expect(directive('frame-src')).toBe(
      'frame-src https://form.jotform.com https://www.youtube-nocookie.com'
    )
    expect(directive('media-src')).toBe("media-src 'self' https://diuy0t6boke2n.cloudfront.net")
  })

  it('follows the registries: a new form host is one registry edit', () => {
    const forms = new Map(registries.forms)
    forms.set('new', {
      id: 'new',
      title: 'New form',
      provider: 'jotform',
      url: 'https://forms.example.org/1',
      payment: true,
      height: 900,
    })
    expect(contentSecurityPolicy({ ...registries, forms })).toContain('https://forms.example.org')
    expect(permissionsPolicy({ ...registries, forms })).toContain(
      'payment=(self "https://form.jotform.com" "https://forms.example.org")'
    )
  })
})

describe('Permissions-Policy', () => {
  it('denies powerful features and allows payment and fullscreen only to the embedded hosts', () => {
    const policy = permissionsPolicy(registries)
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
      expect(policy).toContain(`${feature}=()`)
    expect(policy).toContain('payment=(self "https://form.jotform.com")')
    expect(policy).toContain(
      'fullscreen=(self "https://form.jotform.com" "https://www.youtube-nocookie.com")'
    )
  })
})

describe('header files for static hosts', () => {
  const rules = headerRules(registries)

  it('give hashed assets a year and revalidate everything else', () => {
    expect(headersForPath(rules, '/_next/static/chunks/a.css')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable'
    )
    expect(headersForPath(rules, '/contact/')['Cache-Control']).toBe('no-cache')
    expect(headersForPath(rules, '/_next/static/chunks/a.css')['Content-Security-Policy']).toBe(
      contentSecurityPolicy(registries)
    )
  })

  it('write _headers for Netlify and Cloudflare Pages', () => {
    const text = netlifyHeaders(rules)
    expect(text).toContain(`/*\n  Content-Security-Policy: ${contentSecurityPolicy(registries)}\n`)
    expect(text).toContain('/_next/static/*\n  Cache-Control: public, max-age=31536000, immutable')
  })

  it('deploy/nginx.conf is the one the current registries produce (rebuild and commit it if not)', () => {
    const committed = readFileSync(join(process.cwd(), 'deploy', 'nginx.conf'), 'utf8')
    expect(committed).toBe(nginxConfig(rules))
    expect(committed).toContain(
      `add_header Content-Security-Policy "${contentSecurityPolicy(registries)}" always;`
    )
  })
})
