import type { Metadata } from 'next'
import { ContentPage } from '#components/ContentPage.tsx'
import { getSiteContent } from '#lib/content/load.ts'
import { pageMetadata } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

export function generateMetadata(): Metadata {
  const { byRoute, registries } = getSiteContent()
  return pageMetadata(byRoute.get('/')!, registries.site)
}

export default function HomePage() {
  const content = getSiteContent()
  const page = content.byRoute.get('/')!
  return <ContentPage page={page} frame={pageFrame(content, '/', page.blocks)} />
}
