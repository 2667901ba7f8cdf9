import type { Registries } from '@/lib/content/registries'
import { youtubeId } from '@/lib/content/schemas'

// The production response headers, defined once. The post-build step writes
// them for Netlify and Cloudflare Pages (out/_headers) and for nginx
// (deploy/nginx.conf); the local server and the browser tests send them too.
// The Content-Security-Policy allow-lists come from the registries: adding a
// form or video host there is the only edit needed.

/** Where YouTube videos are embedded from (no tracking cookies). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

const origin = (url: string) => new URL(url).origin

/** The outside hosts the pages load from, by what they load. */
export function externalHosts(registries: Registries) {
  const videos = [...registries.videos.values()]
  const media = videos
    .filter((v) => v.provider === 'file')
    .flatMap((v) => [v.url, ...(v.captions ? [v.captions] : [])])
  const frames = [
    ...[...registries.forms.values()].map((f) => f.url),
    ...(videos.some((v) => v.provider === 'youtube' && youtubeId(v.url))
      ? [YOUTUBE_EMBED_ORIGIN]
      : []),
  ]
  const unique = (urls: string[]) => [...new Set(urls.map(origin))].sort()
  return {
    media: unique(media),
    frames: unique(frames),
    payments: unique([...registries.forms.values()].filter((f) => f.payment).map((f) => f.url)),
  }
}

/**
 * The Content-Security-Policy of every page. Scripts come only from the site
 * itself. 'wasm-unsafe-eval' lets the search page compile Pagefind's
 * WebAssembly index reader and allows no JavaScript eval; it is site-wide
 * because static hosts merge or mis-route per-page policies.
 */
export function contentSecurityPolicy(registries: Registries): string {
  const hosts = externalHosts(registries)
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['style-src', "'self'"],
    ['img-src', "'self'"],
    ['media-src', "'self'", ...hosts.media],
    ['frame-src', ...hosts.frames],
    ['connect-src', "'self'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/**
 * Powerful features no page uses are denied. Two are allowed, for the
 * embedded frames only: `payment` for the frames of the forms marked `payment` (PayPal through JotForm) and
 * `fullscreen` for video players.
 */
export function permissionsPolicy(registries: Registries): string {
  const { payments, frames } = externalHosts(registries)
  const allow = (hosts: string[]) => `(self ${hosts.map((h) => `"${h}"`).join(' ')})`
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
    `payment=${allow(payments)}`,
    `fullscreen=${allow(frames)}`,
  ].join(', ')
}

export type HeaderRule = {
  /** A path pattern: `/*` for everything, or a prefix ending in `*`. */
  path: string
  headers: Record<string, string>
}

/** Long-lived caching for files whose names change when their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (HTML, the site script, the sitemap) is checked on each visit. */
export const REVALIDATE = 'no-cache'

/** The header rules, most general first. */
export function headerRules(registries: Registries): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(registries),
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': permissionsPolicy(registries),
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cache-Control': REVALIDATE,
      },
    },
    { path: '/_next/static/*', headers: { 'Cache-Control': IMMUTABLE } },
  ]
}

const matches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern

/** The headers for one path: every matching rule, later rules winning. */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((r) => matches(r.path, path)).map((r) => r.headers))
}

/** The headers of every path, for the local server and the benchmark. */
export function headerSource(registries: Registries): (path: string) => Record<string, string> {
  const rules = headerRules(registries)
  return (path) => headersForPath(rules, path)
}

/**
 * `_headers` for Netlify and Cloudflare Pages. Those hosts combine every
 * matching rule, so Cache-Control is only written where it differs from the
 * hosts' own default for HTML (which already revalidates).
 */
export function netlifyHeaders(rules: HeaderRule[]): string {
  const lines = ['# Generated by the build from lib/security-headers.ts. Do not edit.']
  for (const rule of rules) {
    lines.push(rule.path)
    for (const [name, value] of Object.entries(rule.headers)) {
      if (rule.path === '/*' && name === 'Cache-Control') continue
      lines.push(`  ${name}: ${value}`)
    }
  }
  return lines.join('\n') + '\n'
}

/** An nginx server block serving out/ with the same headers. */
export function nginxConfig(rules: HeaderRule[]): string {
  const addHeaders = (path: string, indent: string) =>
    Object.entries(headersForPath(rules, path))
      .map(
        ([name, value]) => `${indent}add_header ${name} "${value.replaceAll('"', '\\"')}" always;`
      )
      .join('\n')
  return `# Generated by the build from lib/security-headers.ts. Do not edit:
# change the registries or lib/security-headers.ts and run \`npm run build\`.
#
# Serves the static export (the contents of out/) with the site's headers.
# Put TLS settings (certificate, key) where your nginx setup keeps them.
server {
    listen 443 ssl;
    http2 on;
    server_name mtfp1.com www.mtfp1.com;
    root /var/www/mtfp1/out;
    index index.html;
    charset utf-8;
    gzip on;
    gzip_types text/css application/javascript text/javascript application/xml image/svg+xml;

    # /route/ serves /route/index.html; /route redirects to /route/.
    location / {
        try_files $uri $uri/ =404;
${addHeaders('/', '        ')}
    }

    # Files whose names carry a hash of their content never change.
    location /_next/static/ {
${addHeaders('/_next/static/x', '        ')}
    }

    error_page 404 /404.html;
    location = /404.html {
        internal;
${addHeaders('/404.html', '        ')}
    }
}
`
}
