import type { Holiday } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { EXAMPLE_DAY, type EstimatorRules } from '#lib/fee-estimate.ts'

type FeeEstimatorProps = { rules: EstimatorRules; holidays: Holiday[] }

/** The fee estimator, hidden until its script shows it; without it, the fee table says all. */
export function FeeEstimator({ rules, holidays }: FeeEstimatorProps) {
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
        Enter the date you need the inspection by. The estimate counts the business days from today
        to that date: Monday to Friday, except the state holidays listed below. Then it finds the
        fee and adds the card fee for each way of paying.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold">
          State holidays the estimate leaves out
        </summary>
        <ul className="mt-2 list-disc pl-6">
          {holidays.map((holiday) => (
            <li key={holiday.date}>
              {formatDate(holiday.date)}: {holiday.name}
            </li>
          ))}
        </ul>
      </details>
      <form className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <div className="flex flex-col">
          <label htmlFor="inspection-date" className="font-semibold">
            Date you need the inspection by
          </label>
          <span id="inspection-date-hint" className="text-base">
            Month/day/year, for example {EXAMPLE_DAY}
          </span>
          {/* Not a date box: there, a two-digit year gave the year 0027. No `required`:
              nothing is announced as wrong before anyone types. */}
          <input
            id="inspection-date"
            name="date"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            aria-describedby="inspection-date-hint estimator-result"
            className="mt-1 min-h-11 rounded border-2 border-ink px-3 py-2"
          />
        </div>
        <button type="submit" className="button-link min-h-11">
          Estimate the fee
        </button>
      </form>
      <div id="estimator-result" className="mt-4" aria-live="polite" data-estimator-result />
      <p className="mt-4 text-base">
        This is an estimate. An inspector sets the inspection date from the bureau&apos;s schedule,
        and that date decides the fee. Fees are subject to change.
      </p>
    </section>
  )
}
