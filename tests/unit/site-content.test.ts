import { describe, expect, it } from 'vitest'
import { getSiteContent } from '@/lib/content/site'
import { EXTRA_ROUTES, SPEC_ROUTES } from '@/lib/content/spec-routes'

// The real content in content/: it loads, and the pages it publishes are the
// specification's routes (plus the documented extras).
const content = getSiteContent()
const published = content.pages.map((p) => p.route)

describe('the route list', () => {
  it('publishes every route of the specification', () => {
    expect(SPEC_ROUTES.filter((r) => !published.includes(r))).toEqual([])
  })

  it('publishes nothing beyond the specification and the documented extras', () => {
    const allowed = new Set<string>([...SPEC_ROUTES, ...EXTRA_ROUTES])
    expect(published.filter((r) => !allowed.has(r))).toEqual([])
  })
})

describe('the registries', () => {
  it('give the bureau contact details from the specification', () => {
    const { site } = content.registries
    expect(site.phone.display).toBe('(732) 251-0900 ext. 3')
    expect(site.phone.dial).toBe('+17322510900,3')
  })

  it('hold the fee schedule from the specification (§9)', () => {
    const { fees } = content.registries
    expect(
      fees.inspection.tiers.map((t) => [
        t.minBusinessDays ?? 0,
        t.maxBusinessDays ?? null,
        t.amount,
      ])
    ).toEqual([
      [11, null, 45],
      [4, 10, 90],
      [0, 3, 161],
    ])
    expect(fees.inspection.reinspection).toBe(30)
    expect(fees.cardFees.methods.map((m) => [m.id, m.percent, m.fixed])).toEqual([
      ['online', 2.9, 0.3],
      ['in-person', 2.7, 0],
      ['manual', 3.5, 0.15],
    ])
  })

  it('use the spec video frame sizes: 600x450, fireworks 700x400', () => {
    for (const video of content.registries.videos.values()) {
      const expected = video.id === 'fireworks-safety' ? [700, 400] : [600, 450]
      expect([video.id, video.width, video.height]).toEqual([video.id, ...expected])
    }
  })

  it('keep the main navigation of the specification, in order', () => {
    const [home, smoke, tips, contact, links] = content.registries.navigation.main
    expect([home, contact, links].map((i) => i && 'route' in i && i.route)).toEqual([
      '/',
      '/contact',
      '/links',
    ])
    expect(
      smoke && 'items' in smoke && smoke.items.map((i) => ('route' in i ? i.route : i.link))
    ).toEqual([
      '/smoke-detector-application',
      '/smoke-detector-inspection-fees',
      '/smoke-detector-inspection-payment-form',
      '/business-registration-permit-fees-payment-form',
      '/fees',
      '/smoke-detector-instructions',
      '/fire-extinguisher-instructions',
      '/smoke-requirements',
    ])
    expect(
      tips && 'items' in tips && tips.items.map((i) => ('route' in i ? i.route : `link:${i.link}`))
    ).toEqual([
      '/fire-prevention-lessons',
      '/reading',
      '/general-prevention',
      '/fire-prevention-checklist',
      '/fire-safety-trailer-presentation',
      '/spring-and-summer-fire-prevention-tips',
      '/fireworks',
      '/winter-fire-prevention-tips',
      '/operation-holy-smokes',
      '/get-out-alive',
      'link:fire-is-series',
      'link:nj-smoke-alarm-safety',
    ])
  })
})
