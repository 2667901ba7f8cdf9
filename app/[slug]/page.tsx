import type { Metadata } from 'next'
import { ContentPage } from '@/components/ContentPage'
import { getSiteContent } from '@/lib/content/site'
import { pageMetadata } from '@/lib/metadata'

type Props = { params: Promise<{ slug: string }> }

// Only the routes in content/pages exist; anything else is the 404 page.
export const dynamicParams = false

export function generateStaticParams() {
  return getSiteContent()
    .pages.filter((page) => page.route !== '/')
    .map((page) => ({ slug: page.route.slice(1) }))
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const { byRoute, registries } = getSiteContent()
  return pageMetadata(byRoute.get(`/${slug}`)!, registries.site)
}

export default async function Page({ params }: Props) {
  const { slug } = await params
  return <ContentPage route={`/${slug}`} />
}
