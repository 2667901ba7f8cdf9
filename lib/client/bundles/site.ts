// /site.js, on every page without one of the scripts below (see lib/site-scripts.ts).
import { initSite } from '@/lib/client/site'

initSite()
