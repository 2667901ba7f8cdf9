import type { Metadata } from 'next'
import { ContentPage } from '@/components/ContentPage'
import { getSiteContent } from '@/lib/content/site'
import { pageMetadata } from '@/lib/metadata'

export function generateMetadata(): Metadata {
  const { byRoute, registries } = getSiteContent()
  return pageMetadata(byRoute.get('/')!, registries.site)
}

export default function HomePage() {
  return <ContentPage route="/" />
}
