import { Component } from 'react'
import { hasTwoDigitYear, parseIsoDay, readTypedDay, todayInNewJersey } from '#lib/dates.ts'

// The editor's date field: a text box for YYYY-MM-DD (Decap's date box, redrawn
// on every keystroke, turned a typed "2026" into 1906). 11/23/2026 is reordered
// on leaving; "Today" is New Jersey's; the day is repeated in words, so a wrong year shows.

const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' })

/** "Monday, November 23, 2026", or undefined if it is not a real day. */
export function dayInWords(value: string): string | undefined {
  try {
    return LONG.format(parseIsoDay(value))
  } catch {
    return undefined
  }
}

/** 11/23/2026 (or 11-23-2026) as 2026-11-23; anything else as it was. */
export function normalizeDay(value: string): string {
  return readTypedDay(value) ?? value.trim()
}

export function dayProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined
  if (hasTwoDigitYear(value))
    return 'has a two-digit year. Write the year in full, such as 2026-11-23 or 11/23/2026'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
    return 'should be a date written year-month-day, such as 2026-11-23'
  if (!dayInWords(value)) return `is not a real date: there is no ${value}`
  return undefined
}

type Props = {
  forID: string
  value?: string | null
  onChange: (value: string) => void
  classNameWrapper: string
  setActiveStyle: () => void
  setInactiveStyle: () => void
  field: { get: (key: string, fallback?: unknown) => unknown }
}

export class DayControl extends Component<Props> {
  /** Decap asks each field this before it saves: a wrong day stops the save, in words. */
  isValid = () => {
    const problem = dayProblem(String(this.props.value ?? ''))
    if (!problem) return true
    const label = String(this.props.field.get('label', this.props.field.get('name')))
    return { error: { type: 'CUSTOM', message: `${label} ${problem}.` } }
  }

  private readonly leave = () => {
    this.props.setInactiveStyle()
    const value = String(this.props.value ?? '')
    const normal = normalizeDay(value)
    if (normal !== value) this.props.onChange(normal)
  }

  render() {
    const { forID, value, classNameWrapper, setActiveStyle } = this.props
    const text = String(value ?? '')
    const words = dayInWords(text)
    return (
      <div className={classNameWrapper}>
        <input
          id={forID}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="YYYY-MM-DD"
          aria-describedby={`${forID}-in-words`}
          value={text}
          onChange={(event) => this.props.onChange(event.target.value)}
          onFocus={setActiveStyle}
          onBlur={this.leave}
          style={{ width: '11em', marginRight: '1em' }}
        />
        <button type="button" onClick={() => this.props.onChange(todayInNewJersey())}>
          Today
        </button>
        <span id={`${forID}-in-words`} style={{ marginLeft: '1em' }}>
          {words ?? (text ? '' : 'Write the date as year-month-day, such as 2026-11-23.')}
        </span>
      </div>
    )
  }
}
