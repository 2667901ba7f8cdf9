import { describe, expect, it } from 'vitest'
import { signInStatus } from '#tools/ops/sign-in-status.ts'

describe('npm run sign-in:status', () => {
  const site = 'https://bureau.example'
  it('reads a hand-over to GitHub as set up', () => {
    const line = signInStatus(site, {
      status: 302,
      location: 'https://github.com/login/oauth/authorize?client_id=x&state=y',
    })
    expect(line).toBe(
      'Site editor sign-in: set up. https://bureau.example/api/auth sends staff to GitHub to sign in.'
    )
  })
  it('reads "not set up" as the three settings, and says where the steps are', () => {
    expect(signInStatus(site, { status: 503, location: null })).toContain(
      'NOT set up. Add GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and SITE_URL to the Cloudflare Pages project'
    )
  })
  it('reads a refusal of this address as a SITE_URL naming another one', () => {
    expect(signInStatus(site, { status: 400, location: null })).toBe(
      'Site editor sign-in: NOT working at https://bureau.example. The Cloudflare Pages project\'s SITE_URL names another address: set it to https://bureau.example (deploy/README.md, "Signing in with GitHub").'
    )
  })
  it('tells a missing service, a redirect elsewhere and no answer apart', () => {
    expect(signInStatus(site, { status: 404, location: null })).toContain(
      'no sign-in service answers'
    )
    expect(signInStatus(site, { status: 302, location: 'https://evil.example/' })).toContain(
      'unexpected answer'
    )
    expect(signInStatus(site, { error: 'fetch failed' })).toContain('could not be checked')
  })
})
