// /search.js, only on the search page, in place of /site.js: it loads Pagefind's index.
import { initSite } from '#lib/browser-scripts/site.ts'
import { initSearch } from '#lib/browser-scripts/site-search.ts'

initSite()
initSearch()
