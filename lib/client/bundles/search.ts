// /search.js, only on the search page, in place of /site.js: it loads Pagefind's index.
import { initSite } from '@/lib/client/site'
import { initSearch } from '@/lib/client/site-search'

initSite()
initSearch()
