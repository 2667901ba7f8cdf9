import { documentHref } from '#lib/content/schemas.ts'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as pagefind from 'pagefind'
import type { SiteContent } from '#lib/content/index.ts'
import { documentCue } from '#lib/labels.ts'

/** Words that help a search find a document by what it is. */
const KIND_WORDS: Record<string, string> = {
  budget: 'annual budget',
  'budget-notice': 'budget notice',
  'remuneration-list': 'list of remunerations, budget',
  'losap-report': 'LOSAP report',
  audit: 'annual audit report',
  'audit-synopsis': 'audit synopsis',
  'audit-questionnaire': 'audit questionnaire',
  'finance-report': 'annual finance report',
  resolution: 'budget resolution',
  'meeting-dates': 'meeting dates',
  'election-results': 'fire district election results',
  petition: 'fire commissioner petition',
}

/**
 * Builds the Pagefind index in out/pagefind: the text of every page marked
 * data-pagefind-body, plus one record per registry document, so a search
 * for "budget 2019" finds the file as well as the page that lists it.
 */
export async function buildSearchIndex(
  outDir: string,
  content: { registries: Pick<SiteContent['registries'], 'documents'> }
) {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
  if (!index) throw new Error(`search index: ${errors.join('; ')}`)
  try {
    const added = await index.addDirectory({ path: outDir })
    if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`)
    for (const doc of content.registries.documents.values()) {
      const title = `${doc.title} (${documentCue(doc)})`
      const record = await index.addCustomRecord({
        url: documentHref(doc),
        content: [doc.title, KIND_WORDS[doc.kind], doc.year].filter(Boolean).join('. '),
        language: 'en',
        meta: { title },
      })
      if (record.errors.length) throw new Error(`search index: ${record.errors.join('; ')}`)
    }
    const outputPath = join(outDir, 'pagefind')
    const written = await index.writeFiles({ outputPath })
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`)
    // The site draws its own results; Pagefind's ready-made interfaces go.
    for (const name of readdirSync(outputPath)) {
      if (/^pagefind-(component-ui|modular-ui|ui|highlight)\./.test(name))
        rmSync(join(outputPath, name))
    }
    return { pages: added.page_count, documents: content.registries.documents.size }
  } finally {
    await pagefind.close()
  }
}
