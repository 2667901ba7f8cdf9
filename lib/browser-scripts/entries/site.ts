// /site.js, on every page without one of the scripts below (see lib/browser-scripts/catalog.ts).
import { initSite } from '#lib/browser-scripts/site.ts'

initSite()
