import { availableParallelism } from 'node:os'
import type { NextConfig } from 'next'

// The site is exported as plain files: see README "How it is built".
const nextConfig: NextConfig = {
  output: 'export',
  // `npm run build` exports into a staging folder and moves it to out/ only
  // when every step has passed (tools/export/build.ts); plain `next build` writes out/.
  distDir: process.env.SITE_EXPORT_DIR || undefined,
  // Every route is written as <route>/index.html and linked as /<route>/, so
  // nginx, S3 and GitHub Pages all serve it without rewrites (README explains).
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  // `npm test` type-checks the whole project first (tsc --noEmit); checking
  // again inside every build only makes the build slower.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // Next.js leaves one core free while it renders the pages, so on a 2-core
  // machine (this one, and the smaller CI runners) it renders with one
  // process. The main process only waits meanwhile, so render on every core.
  experimental: { cpus: availableParallelism() },
}

export default nextConfig
