// The site's public address: where it is published. Canonical links, the
// sitemap, robots.txt, the news feed's identity and nginx's redirects are
// made from it. It is reviewed configuration, not content: a change to this
// file needs a maintainer's review (.github/CODEOWNERS), so no content pull
// request can move the site's links to another domain. (It was `baseUrl`
// in content/data/site.yaml until 2026-11-26.) If the site moves, change it
// here, with the custom domain of the Cloudflare Pages project and the
// sign-in settings (deploy/README.md).

/** https, the host, no path. */
export const SITE_URL = 'https://mtfp1.com'
