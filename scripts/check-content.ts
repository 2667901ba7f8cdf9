// Checks everything in content/ before the site is built: the same checks the
// build makes, with one plain message and no build noise when something is
// wrong. `npm run build` runs it first, so a failed check writes nothing.
import { ContentError } from '@/lib/content/errors'
import { loadSiteContent } from '@/lib/content/site'

try {
  const { pages, registries } = loadSiteContent()
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
