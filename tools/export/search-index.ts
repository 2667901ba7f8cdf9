import { documentHref, type DocumentEntry } from '#lib/content/schemas.ts'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as pagefind from 'pagefind'
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

/** A document in another language is found by its name in English and in its own. */
const LANGUAGE_WORDS: Record<string, string> = { es: 'Spanish. Español. En español' }

// The Pagefind index in out/pagefind: every page's data-pagefind-body, and one record per registry
// document, so "budget 2019" finds the file as well as the page that lists it.
export async function buildSearchIndex(outDir: string, documents: DocumentEntry[]) {
  const checked = <T extends { errors: string[] }>(result: T) => {
    if (result.errors.length) throw new Error(`search index: ${result.errors.join('; ')}`)
    return result
  }
  const { index } = checked(await pagefind.createIndex({ forceLanguage: 'en' }))
  try {
    const added = checked(await index!.addDirectory({ path: outDir }))
    for (const doc of documents)
      checked(
        await index!.addCustomRecord({
          url: documentHref(doc),
          content: [doc.title, KIND_WORDS[doc.kind], doc.year, LANGUAGE_WORDS[doc.language]]
            .filter(Boolean)
            .join('. '),
          language: 'en',
          meta: { title: `${doc.title} (${documentCue(doc)})` },
          // Pages are kind:page (PageShell): the search page tells the two apart.
          filters: { kind: ['document'] },
        })
      )
    const outputPath = join(outDir, 'pagefind')
    checked(await index!.writeFiles({ outputPath }))
    // The site draws its own results; Pagefind's ready-made interfaces go.
    for (const name of readdirSync(outputPath))
      if (/^pagefind-(component-ui|modular-ui|ui|highlight)\./.test(name))
        rmSync(join(outputPath, name))
    return { pages: added.page_count, documents: documents.length }
  } finally {
    await pagefind.close()
  }
}
