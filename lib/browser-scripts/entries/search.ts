import { initSite } from '#lib/browser-scripts/site.ts'
import { initSearch } from '#lib/browser-scripts/site-search.ts'

initSite()
initSearch()
