import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DayControl, dayInWords, dayProblem, normalizeDay } from '#site-editor/day-widget.tsx'
import { todayInNewJersey } from '#lib/dates.ts'

// The editor's date field: what a clerk types stays as typed, the American
// way is put in the file's order, a two-digit year is refused in words, and
// "Today" is today in New Jersey.

const field = {
  get: (key: string, fallback?: unknown) => (key === 'label' ? 'First day shown' : fallback),
}

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <DayControl
      forID="start"
      value={value}
      onChange={setValue}
      classNameWrapper=""
      setActiveStyle={() => undefined}
      setInactiveStyle={() => undefined}
      field={field}
    />
  )
}

describe('the date field of the site editor', () => {
  it('keeps every keystroke of a year, and says the day in words with its four-digit year', () => {
    render(<Field />)
    const input = screen.getByRole('textbox')
    let typed = ''
    for (const key of '2026-11-23') {
      typed += key
      fireEvent.change(input, { target: { value: typed } })
    }
    expect(input).toHaveValue('2026-11-23')
    expect(screen.getByText('Monday, November 23, 2026')).toBeInTheDocument()
  })

  it('puts a day written 11/23/2026 in the file’s order when the field is left', () => {
    render(<Field />)
    const input = screen.getByRole('textbox')
    fireEvent.change(input, { target: { value: '11/23/2026' } })
    fireEvent.blur(input)
    expect(input).toHaveValue('2026-11-23')
  })

  it('fills in today in New Jersey: at 03:00 UTC it is still the day before there', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-11-23T03:00:00Z'))
      render(<Field />)
      fireEvent.click(screen.getByRole('button', { name: 'Today' }))
      expect(screen.getByRole('textbox')).toHaveValue('2026-11-22')
    } finally {
      vi.useRealTimers()
    }
    // In summer too (UTC-4), and the new day from midnight there.
    expect(todayInNewJersey(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30')
    expect(todayInNewJersey(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23')
  })

  it('refuses, in words, what is not a real day', () => {
    expect(dayProblem('')).toBeUndefined()
    expect(dayProblem('2026-11-23')).toBeUndefined()
    expect(dayProblem('11/23/26')).toMatch(/two-digit year/)
    expect(dayProblem('2026-02-30')).toMatch(/not a real date/)
    expect(dayProblem('next tuesday')).toMatch(/year-month-day/)
    expect(normalizeDay(' 3/5/2027 ')).toBe('2027-03-05')
    expect(dayInWords('1906-11-23')).toBe('Friday, November 23, 1906')
  })

  it('says at once, on the field, when a last day is before the first day of its entry', () => {
    const fieldOf = (name: string, label: string, extra: Record<string, string> = {}) => ({
      get: (key: string, fallback?: unknown) =>
        (({ name, label, ...extra }) as Record<string, unknown>)[key] ?? fallback,
    })
    const control = (id: string, value: string, set: (v: string) => void, entry: string) => ({
      forID: `${id}-${entry}`,
      value,
      onChange: set,
      classNameWrapper: '',
      setActiveStyle: () => undefined,
      setInactiveStyle: () => undefined,
      parentIds: ['items', entry],
    })
    function Alert({ entry, first }: { entry: string; first: string }) {
      const [start, setStart] = useState(first)
      const [end, setEnd] = useState('')
      return (
        <div data-testid={entry}>
          <DayControl
            {...control('start', start, setStart, entry)}
            field={fieldOf('start', 'First day shown')}
          />
          <DayControl
            {...control('end', end, setEnd, entry)}
            field={fieldOf('end', 'Last day shown', { on_or_after: 'start' })}
          />
        </div>
      )
    }
    // Two alerts: each last day is held to the first day of its own alert.
    render(
      <>
        <Alert entry="a" first="2030-03-10" />
        <Alert entry="b" first="2030-02-01" />
      </>
    )
    const [startA, endA] = within(screen.getByTestId('a')).getAllByRole('textbox')
    const [, endB] = within(screen.getByTestId('b')).getAllByRole('textbox')
    for (const end of [endA!, endB!]) fireEvent.change(end, { target: { value: '2030-03-01' } })
    expect(endA).toHaveAttribute('aria-invalid', 'true')
    expect(endA).toHaveAccessibleDescription(
      /Last day shown should be on or after the first day shown, Sunday, March 10, 2030\./
    )
    expect(endB).not.toHaveAttribute('aria-invalid')
    // An earlier first day, and it is fine.
    fireEvent.change(startA!, { target: { value: '2030-02-28' } })
    expect(endA).not.toHaveAttribute('aria-invalid')
  })

  it('stops a save with its words when the day is wrong', () => {
    const control = new DayControl({
      forID: 'x',
      value: '2026-02-30',
      onChange: () => undefined,
      classNameWrapper: '',
      setActiveStyle: () => undefined,
      setInactiveStyle: () => undefined,
      field,
    })
    expect(control.isValid()).toEqual({
      error: {
        type: 'CUSTOM',
        message: 'First day shown is not a real date: there is no 2026-02-30.',
      },
    })
  })
})
