// /fee-estimator.js, only on the page with the fee estimator.
import { initEstimator } from '@/lib/client/fee-estimator-form'

initEstimator()
