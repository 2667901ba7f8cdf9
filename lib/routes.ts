/**
 * The address a route is linked at. Pages are exported as <route>/index.html
 * (trailingSlash in next.config.ts), so links carry the slash and no static
 * host has to redirect.
 */
export function routeHref(route: string): string {
  return route === '/' ? '/' : `${route}/`
}

/** The Atom feed of notices and new documents (lib/feed.ts). */
export const FEED_PATH = '/feed.xml'

/** Captions files from content/captions are published under /captions/. */
export const CAPTIONS_PATH = '/captions/'

/** The address of a captions file named in videos.yaml. */
export function captionsHref(file: string): string {
  return `${CAPTIONS_PATH}${file}`
}

/** The site editor (Decap CMS, tools/site-editor/bundle.ts): not a public page. */
export const SITE_EDITOR_PATH = '/admin/'

/**
 * The site editor's GitHub sign-in service (functions/sign-in.ts), run
 * by the host beside the site (functions/api/): where the editor opens its
 * sign-in window, and where GitHub sends that window back.
 */
export const SIGN_IN_START_PATH = '/api/auth'
export const SIGN_IN_CALLBACK_PATH = '/api/callback'
