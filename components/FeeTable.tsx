import type { ReactNode } from 'react'
import { Cued } from '#components/Cue.tsx'
import { documentHref, type DocumentEntry, type Fees } from '#lib/content/schemas.ts'
import { cardFeeLabel, tierLabel } from '#lib/fees.ts'
import { documentCue } from '#lib/labels.ts'
import { formatMoney } from '#lib/money.ts'

type FeeTableProps =
  | { schedule: 'inspection'; inspection: Fees['inspection'] }
  | { schedule: 'card'; cardFees: Fees['cardFees']; ordinance: DocumentEntry }

/** A fee schedule from content/data/fees.yaml as a real table: a caption, column and row headers. */
export function FeeTable(props: FeeTableProps) {
  if (props.schedule === 'inspection') {
    const { caption, tiers, reinspection, note } = props.inspection
    return (
      <Schedule
        caption={caption}
        columns={['When you apply, before the inspection date', 'Fee']}
        rows={[
          ...tiers.map((tier) => ({
            key: tier.id,
            name: tierLabel(tier).replace(/^./, (c) => c.toUpperCase()),
            value: formatMoney(tier.amount),
          })),
          { key: 'reinspection', name: 'Re-inspection', value: formatMoney(reinspection) },
        ]}
      >
        {note}
      </Schedule>
    )
  }
  const { cardFees, ordinance } = props
  return (
    <Schedule
      caption="The fee for each way of paying by card"
      columns={['How you pay', 'Card fee']}
      rows={cardFees.methods.map((method) => ({
        key: method.id,
        name: method.label,
        value: `${cardFeeLabel(method)} ${method.per}`,
      }))}
    >
      {/* Names its source without claiming that its figures are these (its text is not among our sources). */}
      For the rules on card fees, see{' '}
      <a href={documentHref(ordinance)}>
        <Cued words={`Ordinance ${cardFees.ordinanceNumber}`} cue={documentCue(ordinance)} />
      </a>
      .
    </Schedule>
  )
}

const cellClass = 'border-b border-line px-3 py-2 align-top'

function Schedule(props: {
  caption: string
  columns: [string, string]
  rows: { key: string; name: string; value: ReactNode }[]
  children: ReactNode
}) {
  return (
    <div>
      <table className="my-6 w-full max-w-prose border-collapse text-left">
        <caption className="mb-2 text-left text-lg font-bold">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={cellClass}>
              {props.columns[0]}
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              {props.columns[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {row.name}
              </th>
              <td className={`${cellClass} text-right tabular-nums`}>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="max-w-prose">{props.children}</p>
    </div>
  )
}
