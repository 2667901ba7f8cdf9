import type { Block } from '#lib/content/blocks.ts'
import {
  FRAME_ORIGINS,
  MEDIA_ORIGINS,
  PAYMENT_ORIGINS,
  YOUTUBE_EMBED_ORIGIN,
} from '#lib/providers.ts'

// The site's Content-Security-Policies. The header, the same for every page,
// allows what any page needs; each page's <meta> policy narrows it (browsers enforce both).

type Directives = [string, ...string[]][]
const serialize = (directives: Directives) => directives.map((d) => d.join(' ')).join('; ')

export type StylePolicy = {
  /** sha256 hashes of inline <style> blocks ('sha256-…'). */
  styleHashes?: readonly string[]
  /** sha256 hashes of the browser scripts, which pages load with a matching `integrity`. */
  scriptHashes?: readonly string[]
}

/** Exactly the hashed files (and what they load: the search index reader), or, without hashes, the site itself. */
const scriptSources = (scriptHashes: readonly string[] = []) =>
  scriptHashes.length > 0 ? [...scriptHashes.map((h) => `'${h}'`), "'strict-dynamic'"] : ["'self'"]

/** The policy of a file under /captions/: nothing there may run or load anything. */
export const CAPTIONS_CSP = "default-src 'none'; sandbox"

/** The header policy of every page and file; `wasm` ('wasm-unsafe-eval') for the search page only. */
export function siteCsp({
  styleHashes = [],
  scriptHashes = [],
  wasm = false,
}: StylePolicy & { wasm?: boolean } = {}): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', ...scriptSources(scriptHashes), ...(wasm ? ["'wasm-unsafe-eval'"] : [])],
    ['style-src', "'self'", ...styleHashes.map((h) => `'${h}'`)],
    ['img-src', "'self'"],
    ['media-src', "'self'", ...MEDIA_ORIGINS],
    ['frame-src', ...FRAME_ORIGINS],
    ['connect-src', "'self'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ])
}

export const GITHUB_API_ORIGIN = 'https://api.github.com'

/**
 * The editor's policy at /admin/: the site's, plus Decap's inline styles and GitHub for signed-in
 * staff. A <meta> tag (`header: false`) cannot hold frame-ancestors; a header can.
 */
export function siteEditorCsp({
  header = false,
  scriptHashes = [],
  githubApi = GITHUB_API_ORIGIN,
}: {
  header?: boolean
  scriptHashes?: readonly string[]
  /** GitHub's API: api.github.com, or the rehearsal's stand-in (SITE_EDITOR_API_ROOT). */
  githubApi?: string
} = {}): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', ...scriptSources(scriptHashes)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'https://avatars.githubusercontent.com'],
    // data: for the preview's draft captions (site-editor/preview.tsx).
    ['media-src', "'self'", 'data:', ...MEDIA_ORIGINS],
    ['frame-src', ...FRAME_ORIGINS],
    ['connect-src', "'self'", new URL(githubApi).origin, 'https://www.githubstatus.com'],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'none'"],
    ...(header ? ([['frame-ancestors', "'none'"]] as Directives) : []),
  ])
}

/** A page's <meta> policy: only what its blocks embed and run (meta cannot set frame-ancestors). */
export function pageCsp(blocks: readonly Block[]): string {
  const forms = blocks.flatMap((b) => (b.kind === 'form' ? [new URL(b.form.url).origin] : []))
  const videos = blocks.flatMap((b) => (b.kind === 'video' ? [b.video.provider] : []))
  const frames = [...new Set(forms)].sort()
  if (videos.includes('youtube')) frames.push(YOUTUBE_EMBED_ORIGIN)
  return serialize([
    [
      'script-src',
      "'self'",
      ...(blocks.some((b) => b.kind === 'search') ? ["'wasm-unsafe-eval'"] : []),
    ],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['media-src', "'self'", ...(videos.includes('file') ? MEDIA_ORIGINS : [])],
    // Not 'none': tools such as Lighthouse fetch /robots.txt from inside the page.
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ])
}

/** Powerful features are denied; frames get `payment` (PayPal inside JotForm) and `fullscreen`. */
export function permissionsPolicy(): string {
  const allow = (origins: readonly string[]) => `(self ${origins.map((o) => `"${o}"`).join(' ')})`
  const denied = [
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ]
  return [
    ...denied.map((feature) => `${feature}=()`),
    `payment=${allow(PAYMENT_ORIGINS)}`,
    `fullscreen=${allow(FRAME_ORIGINS)}`,
  ].join(', ')
}
