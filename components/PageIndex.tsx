import type { IndexedPage } from '#lib/content/blocks.ts'
import { sections } from '#lib/content/page-schemas.ts'
import { routeHref } from '#lib/routes.ts'

const SECTION_TITLES: Record<(typeof sections)[number], string> = {
  home: 'Start here',
  inspections: 'Inspections, permits and fees',
  safety: 'Fire safety tips',
  lessons: 'Lessons and videos for schools',
  district: 'The fire district: commissioners, meetings and finances',
  about: 'About this site and contact',
}

/** Every page of the site, grouped by section (the `@page-index` line). */
export function PageIndex({ pages }: { pages: IndexedPage[] }) {
  return (
    <div className="my-6 grid gap-8 md:grid-cols-2">
      {sections.map((section) => {
        const inSection = pages
          .filter((p) => p.section === section)
          .sort((a, b) => a.title.localeCompare(b.title))
        if (inSection.length === 0) return null
        return (
          <section key={section} aria-labelledby={`index-${section}`}>
            <h2 id={`index-${section}`} className="text-xl font-bold text-brand-dark">
              {SECTION_TITLES[section]}
            </h2>
            <ul className="mt-2 space-y-1 pl-5">
              {inSection.map((page) => (
                <li key={page.route} className="list-disc">
                  <a href={routeHref(page.route)}>{page.title}</a>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
