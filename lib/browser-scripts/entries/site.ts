import { initSite } from '#lib/browser-scripts/site.ts'

initSite()
