import type { Block } from '#lib/content/blocks.ts'
import {
  FRAME_ORIGINS,
  MEDIA_ORIGINS,
  PAYMENT_ORIGINS,
  YOUTUBE_EMBED_ORIGIN,
} from '#lib/providers.ts'

// The policies the site's responses and pages carry. Two layers:
//  - the response header, the same for every page of the site (hosts send
//    one set of headers for everything): it allows the union of what any
//    page needs, from the fixed provider lists in lib/providers.ts;
//  - a <meta> policy in each page that narrows it to what that page needs
//    (a page without a form may frame nothing; only the search page may
//    compile WebAssembly). Browsers enforce both, so a page gets only the
//    permissions it needs on every host, even one that merges header rules.

type Directives = [string, ...string[]][]
const serialize = (directives: Directives) => directives.map((d) => d.join(' ')).join('; ')

export type StylePolicy = {
  /** sha256 hashes of inline <style> blocks the pages carry ('sha256-…'). */
  styleHashes?: readonly string[]
  /**
   * sha256 hashes of the browser scripts ('sha256-…'), which the pages load
   * with a matching `integrity` attribute. With them, a page may run those
   * exact files and nothing else, even another file on the site's own origin.
   */
  scriptHashes?: readonly string[]
}

/**
 * Where scripts may come from: exactly the files whose hashes are given
 * (and what they load themselves: 'strict-dynamic', for the search page's
 * index reader), or, before the build knows the hashes, the site itself.
 */
function scriptSources(scriptHashes: readonly string[] = []): string[] {
  return scriptHashes.length > 0
    ? [...scriptHashes.map((h) => `'${h}'`), "'strict-dynamic'"]
    : ["'self'"]
}

/**
 * The policy of a file under /captions/ on every host: nothing there is a
 * page, so nothing there may run or load anything, even if a file that is
 * not captions slipped in.
 */
export const CAPTIONS_CSP = "default-src 'none'; sandbox"

/**
 * The Content-Security-Policy header of every page and file. Scripts are
 * the site's own browser scripts, by hash. 'wasm-unsafe-eval' (which allows no JavaScript
 * eval) is there for the search page's WebAssembly index reader; hosts that
 * can set headers per path (nginx) leave it out elsewhere, and every other
 * page's <meta> policy leaves it out on every host.
 */
export function siteCsp({
  styleHashes = [],
  scriptHashes = [],
  wasm = true,
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

/** The GitHub addresses the editor talks to when staff sign in with GitHub. */
export const GITHUB_API_ORIGIN = 'https://api.github.com'
/** Where GitHub serves the signed-in person's picture, shown in the editor's top bar. */
const GITHUB_AVATAR_ORIGIN = 'https://avatars.githubusercontent.com'
/** GitHub's status page, which the editor asks whether GitHub is working (data, not code). */
const GITHUB_STATUS_ORIGIN = 'https://www.githubstatus.com'

/**
 * The policy of the editor at /admin/ (Decap CMS), and only there. It is
 * the site's policy with two differences the editor needs: styles written
 * by its scripts (`'unsafe-inline'` in style-src; Decap styles itself with
 * emotion, which adds <style> elements as it renders), and GitHub's API,
 * status page and pictures for signed-in staff. Scripts are still only the editor's
 * own files, by hash: no eval, no inline script. Frames and video files may come from
 * the same providers as on the pages, so the preview shows them. The page
 * carries it in a <meta> tag (`header: false`, which cannot hold
 * frame-ancestors); hosts that can send a header per path send it as a
 * header too.
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
    ['img-src', "'self'", GITHUB_AVATAR_ORIGIN],
    ['media-src', "'self'", ...MEDIA_ORIGINS],
    ['frame-src', ...FRAME_ORIGINS],
    ['connect-src', "'self'", new URL(githubApi).origin, GITHUB_STATUS_ORIGIN],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'none'"],
    ...(header ? ([['frame-ancestors', "'none'"]] as Directives) : []),
  ])
}

/** What a page embeds and runs, read from its blocks. */
export type PageNeeds = {
  /** The origins of the forms on the page. */
  formOrigins: string[]
  youtube: boolean
  videoFiles: boolean
  search: boolean
}

export function pageNeeds(blocks: readonly Block[]): PageNeeds {
  const forms = blocks.flatMap((b) => (b.kind === 'form' ? [new URL(b.form.url).origin] : []))
  const videos = blocks.flatMap((b) => (b.kind === 'video' ? [b.video] : []))
  return {
    formOrigins: [...new Set(forms)].sort(),
    youtube: videos.some((v) => v.provider === 'youtube'),
    videoFiles: videos.some((v) => v.provider === 'file'),
    search: blocks.some((b) => b.kind === 'search'),
  }
}

/**
 * A page's own narrower policy, for a <meta http-equiv> tag. It leaves out
 * what a meta policy cannot set (frame-ancestors) and styles (the header
 * governs those), and names only what the page uses.
 */
export function pageCsp(needs: PageNeeds): string {
  const frames = [...needs.formOrigins, ...(needs.youtube ? [YOUTUBE_EMBED_ORIGIN] : [])]
  return serialize([
    ['script-src', "'self'", ...(needs.search ? ["'wasm-unsafe-eval'"] : [])],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['media-src', "'self'", ...(needs.videoFiles ? MEDIA_ORIGINS : [])],
    // Same origin only. ('none' would do for most pages, but tools such as
    // Lighthouse fetch /robots.txt from inside the page.)
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ])
}

/**
 * Powerful features no page uses are denied. Two are allowed, for embedded
 * frames only: `payment` for the form hosts (PayPal inside JotForm's payment
 * forms; only payment forms' frames ask for it) and `fullscreen` for the
 * form hosts and video players.
 */
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
