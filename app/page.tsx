import type { Metadata } from 'next'
import { ContentPage } from '@/components/ContentPage'
import { getSiteContent } from '@/lib/content/load'
import { pageMetadata } from '@/lib/metadata'
import { pageFrame } from '@/lib/page-frame'

export function generateMetadata(): Metadata {
  const { byRoute, registries } = getSiteContent()
  return pageMetadata(byRoute.get('/')!, registries.site)
}

export default function HomePage() {
  const content = getSiteContent()
  const page = content.byRoute.get('/')!
  return <ContentPage page={page} frame={pageFrame(content, '/', page.blocks)} />
}
