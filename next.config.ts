import { availableParallelism } from 'node:os'
import type { NextConfig } from 'next'

// The site is exported as plain files: see ARCHITECTURE.md.
export default {
  output: 'export',
  // `npm run build` exports into a staging folder (tools/export/build.ts).
  distDir: process.env.SITE_EXPORT_DIR || undefined,
  // <route>/index.html, linked as /<route>/: every static host serves it without rewrites.
  trailingSlash: true,
  // `npm test` type-checks the project (tsc --noEmit); the build need not again.
  typescript: { ignoreBuildErrors: true },
  // Next leaves one core free, which is half of a 2-core machine; its main process only waits.
  experimental: { cpus: availableParallelism() },
} satisfies NextConfig
