import type { Metadata } from 'next'
import { NOT_FOUND_TITLE, NotFoundPage } from '#components/PageShell.tsx'
import { siteContent } from '#lib/content/disk.ts'
import { feedLink, tabTitle } from '#lib/metadata.ts'
import { pageFrame } from '#lib/page-frame.ts'

export function generateMetadata(): Metadata {
  const { site } = siteContent().registries
  return {
    title: tabTitle({ title: NOT_FOUND_TITLE }, site),
    robots: { index: false },
    alternates: { types: feedLink(site) },
  }
}

export default function NotFound() {
  return <NotFoundPage frame={pageFrame(siteContent(), null)} />
}
