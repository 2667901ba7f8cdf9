import { afterEach, describe, expect, it, vi } from 'vitest'
import { atomFeed } from '#lib/feed.ts'
import { siteNginxConfig } from '#lib/headers/nginx.ts'
import { pageMetadata } from '#lib/metadata.ts'
import { SITE_URL } from '#lib/site-address.ts'
import { edit, fixtureCopy, loadContent, problemsIn } from '#tests/helpers/content.ts'

// The site's public address is reviewed configuration (lib/site-address.ts,
// which CODEOWNERS gives to a maintainer), not content: it once was a field
// of content/data/site.yaml, and a content pull request that changed it
// moved every canonical link, the sitemap, robots.txt, the feed's identity
// and nginx's redirect to another domain.

const EVIL = 'https://evil.example'

/** A content folder whose site.yaml names another domain, as a hostile pull request would. */
function hostileCopy() {
  const dir = fixtureCopy()
  edit(dir, 'data/site.yaml', 'name: ', `baseUrl: ${EVIL}\nname: `)
  return dir
}

/** The fixture content, with every place the site's address shows up. */
async function addresses(dir: string) {
  const content = loadContent(dir)
  // The routes read the content folder named when disk.ts is first loaded.
  vi.resetModules()
  vi.stubEnv('CONTENT_DIR', dir)
  const { default: sitemap } = await import('../../app/sitemap.ts')
  const { default: robots } = await import('../../app/robots.ts')
  const { generateMetadata } = await import('../../app/layout.tsx')
  const page = content.byRoute.get('/fees')!
  const feed = atomFeed(content, '2026-11-22')
  return {
    canonical: String(pageMetadata(page, content.registries.site).alternates?.canonical),
    base: String(generateMetadata().metadataBase),
    sitemap: sitemap().map((entry) => entry.url),
    robots: robots().sitemap,
    feedId: /<id>([^<]*)<\/id>/.exec(feed)![1],
    feedSelf: /<link rel="self" href="([^"]*)"/.exec(feed)![1],
    nginx: [...siteNginxConfig(content).matchAll(/return 301 (\S+);/g)].map((m) => m[1]),
  }
}

afterEach(() => vi.unstubAllEnvs())

describe("the site's address", () => {
  it('is refused in content/data/site.yaml, with its line, so a content change cannot move it', () => {
    expect(problemsIn(hostileCopy(), 'error')).toEqual([
      expect.stringMatching(/data\/site\.yaml:1: has an unknown field: "baseUrl"/),
    ])
  })

  it('is the reviewed one in canonical links, the sitemap, robots.txt, the feed and the nginx redirects', async () => {
    const host = new URL(SITE_URL).hostname
    expect(host).toBe('mtfp1.com')
    const found = await addresses(fixtureCopy())
    expect(found).toEqual({
      canonical: `${SITE_URL}/fees/`,
      base: `${SITE_URL}/`,
      sitemap: [`${SITE_URL}/`, `${SITE_URL}/fees/`, `${SITE_URL}/lessons/`],
      robots: `${SITE_URL}/sitemap.xml`,
      feedId: `${SITE_URL}/`,
      feedSelf: `${SITE_URL}/feed.xml`,
      nginx: [`https://${host}$request_uri`, `https://${host}$request_uri`],
    })
    expect(atomFeed(loadContent(fixtureCopy()), '2026-11-22')).toContain(`tag:${host},`)
  })
})
