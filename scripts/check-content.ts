// Checks everything in content/ before the site is built: the same checks the
// build makes, with one plain message and no build noise when something is
// wrong. `npm run build` runs it first, so a failed check writes nothing.
import { ContentError } from '@/lib/content/errors'
import { loadSiteContent } from '@/lib/content/site'
import { EXTRA_ROUTES, SPEC_ROUTES } from '@/lib/content/spec-routes'

// --assume-spec-routes: while pages are being written, treat every route of
// the specification as existing, so one page can be checked on its own.
const assumeRoutes = process.argv.includes('--assume-spec-routes')
  ? [...SPEC_ROUTES, ...EXTRA_ROUTES]
  : []

try {
  const { pages, registries } = loadSiteContent(undefined, { assumeRoutes })
  console.log(
    `content ok: ${pages.length} pages, ${registries.documents.size} documents, ${registries.videos.size} videos, ` +
      `${registries.forms.size} forms, ${registries.links.size} links`
  )
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`\nContent error (nothing was built):\n  ${error.message}\n`)
    process.exit(1)
  }
  throw error
}
