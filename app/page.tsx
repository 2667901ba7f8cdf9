import type { Metadata } from 'next'
import { ContentPage } from '#components/ContentPage.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { pageMetadata } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

export function generateMetadata(): Metadata {
  const { byRoute, registries } = siteContent()
  return pageMetadata(byRoute.get('/')!, registries.site)
}

export default function HomePage() {
  const content = siteContent()
  const page = content.byRoute.get('/')!
  return <ContentPage page={page} frame={pageFrame(content, '/', page.blocks)} />
}
