import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { siteContent } from '#lib/content/disk.ts'
import { SITE_URL } from '#lib/site-address.ts'
import './globals.css'

export function generateMetadata(): Metadata {
  const { site } = siteContent().registries
  return { metadataBase: new URL(SITE_URL), applicationName: `${site.name}, ${site.organization}` }
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b0c0c' }

/** The document itself; pages render their own frame (PageShell). */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
