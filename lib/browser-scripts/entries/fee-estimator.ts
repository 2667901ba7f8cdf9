import { initEstimator } from '#lib/browser-scripts/fee-estimator-form.ts'
import { initSite } from '#lib/browser-scripts/site.ts'

initSite()
initEstimator()
