import type { Metadata } from 'next'
import { ContentPage } from '#components/ContentPage.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { pageMetadata } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

type Props = { params: Promise<{ slug: string }> }

// Only the routes in content/pages exist; anything else is the 404 page.
export const dynamicParams = false

export function generateStaticParams() {
  return siteContent()
    .pages.filter((page) => page.route !== '/')
    .map((page) => ({ slug: page.route.slice(1) }))
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const { byRoute, registries } = siteContent()
  return pageMetadata(byRoute.get(`/${slug}`)!, registries.site)
}

export default async function Page({ params }: Props) {
  const { slug } = await params
  const content = siteContent()
  const page = content.byRoute.get(`/${slug}`)!
  return <ContentPage page={page} frame={pageFrame(content, page.route, page.blocks)} />
}
