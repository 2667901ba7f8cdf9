// /search.js, only on the search page: it loads Pagefind's index.
import { initSearch } from '@/lib/client/site-search'

initSearch()
