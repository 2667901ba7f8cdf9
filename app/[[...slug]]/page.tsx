import type { Metadata } from 'next'
import { ContentPage } from '#components/PageShell.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { pageMetadata } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

// Every page in content/pages, the home page (`/`) included.
type Props = { params: Promise<{ slug?: string[] }> }

// Only the routes in content/pages exist; anything else is the 404 page.
export const dynamicParams = false

export function generateStaticParams() {
  return siteContent().pages.map((page) => ({ slug: page.route.split('/').filter(Boolean) }))
}

async function pageOf({ params }: Props) {
  const { slug = [] } = await params
  return siteContent().byRoute.get(`/${slug.join('/')}`)!
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return pageMetadata(await pageOf(props), siteContent().registries.site)
}

export default async function Page(props: Props) {
  const page = await pageOf(props)
  return <ContentPage page={page} frame={pageFrame(siteContent(), page.route, page.blocks)} />
}
