import { Cued } from '#components/Cue.tsx'
import { documentHref, type DocumentEntry, type Fees } from '#lib/content/schemas.ts'
import { cardFeeLabel, tierLabel } from '#lib/fees.ts'
import { documentCue } from '#lib/labels.ts'
import { formatMoney } from '#lib/money.ts'

type FeeTableProps =
  | { schedule: 'inspection'; inspection: Fees['inspection'] }
  | { schedule: 'card'; cardFees: Fees['cardFees']; ordinance: DocumentEntry }

/**
 * A fee schedule as a real table: a caption, column and row headers, and
 * amounts from content/data/fees.yaml written by the one money helper.
 */
export function FeeTable(props: FeeTableProps) {
  return props.schedule === 'inspection' ? (
    <InspectionFees inspection={props.inspection} />
  ) : (
    <CardFees {...props} />
  )
}

const tableClass = 'my-6 w-full max-w-prose border-collapse text-left'
const cellClass = 'border-b border-line px-3 py-2 align-top'
const captionClass = 'mb-2 text-left text-lg font-bold'

function InspectionFees({ inspection }: { inspection: Fees['inspection'] }) {
  const { caption, tiers, reinspection, note } = inspection
  return (
    <div>
      <table className={tableClass}>
        <caption className={captionClass}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={cellClass}>
              When you apply, before the inspection date
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Fee
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={tier.id}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {upperFirst(tierLabel(tier))}
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{formatMoney(tier.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className={`${cellClass} font-normal`}>
              Re-inspection
            </th>
            <td className={`${cellClass} text-right tabular-nums`}>{formatMoney(reinspection)}</td>
          </tr>
        </tbody>
      </table>
      <p className="max-w-prose">{note}</p>
    </div>
  )
}

/**
 * What the card fee table says of its ordinance: the source document, named
 * without claiming that its figures are these (its text is not among our sources).
 */
const CARD_FEE_SOURCE = 'For the rules on card fees, see'

function CardFees({
  cardFees,
  ordinance,
}: {
  cardFees: Fees['cardFees']
  ordinance: DocumentEntry
}) {
  const { methods, ordinanceNumber } = cardFees
  return (
    <div>
      <table className={tableClass}>
        <caption className={captionClass}>Card payment fees</caption>
        <thead>
          <tr>
            <th scope="col" className={cellClass}>
              How you pay
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Card fee
            </th>
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => (
            <tr key={method.id}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {method.label}
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>
                {cardFeeLabel(method)} {method.per}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="max-w-prose">
        {CARD_FEE_SOURCE}{' '}
        <a href={documentHref(ordinance)}>
          <Cued words={`Ordinance ${ordinanceNumber}`} cue={documentCue(ordinance)} />
        </a>
        .
      </p>
    </div>
  )
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
