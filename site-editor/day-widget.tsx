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

/** What is wrong with a typed day, if anything; blank is fine where the field may be left empty. */
export function dayProblem(value: string, required = false): string | undefined {
  // Blank is left out of the file; spaces alone are not a day where one is needed.
  if (value.trim() === '' && !(required && value)) return undefined
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
  /** Decap's ids of the entry the field is in: the fields beside it share them. */
  parentIds?: string[]
}

/** The days typed in the fields that are open, so that a last day sees its first day as typed. */
const typed = new Map<string, { value: string; label: string }>()
const redraws = new Set<() => void>()

export class DayControl extends Component<Props> {
  private readonly redraw = () => this.forceUpdate()
  private readonly key = (name: unknown) => `${String(this.props.parentIds)}\0${String(name)}`
  private readonly label = () => String(this.props.field.get('label', this.props.field.get('name')))

  componentDidMount() {
    redraws.add(this.redraw)
    this.tell()
  }
  componentDidUpdate(before: Props) {
    if (before.value !== this.props.value) this.tell()
  }
  componentWillUnmount() {
    redraws.delete(this.redraw)
    typed.delete(this.key(this.props.field.get('name')))
  }
  private tell() {
    const value = String(this.props.value ?? '')
    typed.set(this.key(this.props.field.get('name')), { value, label: this.label() })
    for (const redraw of redraws) if (redraw !== this.redraw) redraw()
  }

  /** A last day before its first day (an alert's `end` before its `start`), as soon as both are days. */
  private orderProblem(value: string): string | undefined {
    const first = typed.get(this.key(this.props.field.get('on_or_after')))
    if (!first || !dayInWords(value) || !dayInWords(first.value) || value >= first.value) return
    return `should be on or after the ${first.label.toLowerCase()}, ${dayInWords(first.value)}`
  }

  /** Decap asks each field this before it saves: a wrong day stops the save, in words. */
  isValid = () => {
    const value = String(this.props.value ?? '')
    const required = this.props.field.get('required') !== false
    const problem = dayProblem(value, required) ?? this.orderProblem(value)
    return problem ? { error: { type: 'CUSTOM', message: `${this.label()} ${problem}.` } } : true
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
    const problem = this.orderProblem(text)
    return (
      <div className={classNameWrapper}>
        <input
          id={forID}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="YYYY-MM-DD"
          aria-describedby={`${forID}-in-words ${forID}-problem`}
          aria-invalid={problem ? true : undefined}
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
        {/* Said when it appears; red as Decap's own field errors. */}
        <span
          id={`${forID}-problem`}
          aria-live="polite"
          style={{ display: 'block', color: '#b91c1c' }}
        >
          {problem && `${this.label()} ${problem}.`}
        </span>
      </div>
    )
  }
}
