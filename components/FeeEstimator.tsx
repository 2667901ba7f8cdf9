import type { EstimatorRules } from '@/lib/fee-estimate'

type FeeEstimatorProps = { rules: EstimatorRules }

/**
 * The inspection fee estimator. The server renders it hidden with its rules
 * in a data attribute; the site script shows it and does the arithmetic
 * (lib/fee-estimate.ts). Without JavaScript it stays hidden and the fee table
 * above it says everything.
 */
export function FeeEstimator({ rules }: FeeEstimatorProps) {
  return (
    <section
      aria-labelledby="estimator-title"
      className="my-8 max-w-prose rounded border-2 border-brand p-5"
      data-estimator={JSON.stringify(rules)}
      hidden
    >
      <h2 id="estimator-title" className="text-2xl font-bold text-brand-dark">
        Estimate your inspection fee
      </h2>
      <p className="mt-2">
        Enter the day you would like the inspection. We count the business days from today (weekdays
        that are not New Jersey state holidays), find your fee and add the card fee for each way of
        paying.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <div className="flex flex-col">
          <label htmlFor="inspection-date" className="font-semibold">
            Requested inspection date
          </label>
          <input
            id="inspection-date"
            name="date"
            type="date"
            required
            aria-describedby="estimator-result"
            className="mt-1 min-h-11 rounded border-2 border-ink px-3 py-2"
          />
        </div>
        <button type="submit" className="button-link min-h-11">
          Estimate the fee
        </button>
      </form>
      <div id="estimator-result" className="mt-4" aria-live="polite" data-estimator-result />
      <p className="mt-4 text-base">
        This is an estimate. The fee schedule and the township ordinance decide what you pay, and
        fees may change.
      </p>
    </section>
  )
}
