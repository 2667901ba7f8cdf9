// /fee-estimator.js, only on the page with the fee estimator, in place of /site.js.
import { initEstimator } from '@/lib/client/fee-estimator-form'
import { initSite } from '@/lib/client/site'

initSite()
initEstimator()
