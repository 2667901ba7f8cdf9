// /fee-estimator.js, only on the page with the fee estimator, in place of /site.js.
import { initEstimator } from '#lib/browser-scripts/fee-estimator-form.ts'
import { initSite } from '#lib/browser-scripts/site.ts'

initSite()
initEstimator()
