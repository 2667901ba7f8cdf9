import type { NextConfig } from 'next'

// The site is exported as plain files: see README "How it is built".
const nextConfig: NextConfig = {
  output: 'export',
  // Every route is written as <route>/index.html and linked as /<route>/, so
  // nginx, S3 and GitHub Pages all serve it without rewrites (README explains).
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
}

export default nextConfig
