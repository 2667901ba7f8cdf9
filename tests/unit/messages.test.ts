import { describe, expect, it } from 'vitest'
import { describeIssues, didYouMean } from '#lib/content/messages.ts'
import { REGISTRY_SCHEMAS } from '#lib/content/registries.ts'
import { pageSchema } from '#lib/content/page-schemas.ts'

// Whatever is wrong, staff read plain words: never the schema library's own
// wording ("Too big: expected string to have <=70 characters").
const LIBRARY_WORDING = /Too (big|small)|Invalid|expected \w+ to|received|Unrecognized|must be/

function messages(schema: { safeParse: (v: unknown) => unknown }, value: unknown): string[] {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: never[] } }
  if (result.success) return []
  return describeIssues(result.error!.issues, value).map((d) => d.message)
}

const BAD_VALUES: unknown[] = [
  null,
  'text',
  42,
  [],
  [1, 'two', { id: 3 }],
  { id: 'x' },
  { id: 'Not An Id', title: '', kind: 'nope', type: 'pdf', url: 'ftp://a', year: 1.5 },
  {
    name: 'x'.repeat(200),
    phone: 'call me',
    email: 'nobody',
    address: {},
    extra: true,
  },
  { inspection: { tiers: [{ id: 'a', amount: 1.005 }], reinspection: -1 }, cardFees: 'none' },
  {
    main: [
      { label: 'x', rout: '/a' },
      { label: 'y', items: [] },
    ],
    footer: [{}],
  },
  [{ id: 'a', level: 'loud', start: '2026-02-30', end: 'soon', message: '' }],
  [{ date: '2026-13-01', name: '' }],
  { 'Bad Key': 'x', good: { date: 'yesterday' } },
]

describe('schema problems in plain words', () => {
  it('never pass the library wording on, whatever the mistake', () => {
    const all: string[] = []
    for (const { schema, list } of Object.values(REGISTRY_SCHEMAS)) {
      for (const value of BAD_VALUES) {
        if (list && Array.isArray(value))
          for (const entry of value) all.push(...messages(schema, entry))
        else all.push(...messages(schema, value))
      }
    }
    for (const value of BAD_VALUES) all.push(...messages(pageSchema, value))
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((m) => LIBRARY_WORDING.test(m))).toEqual([])
  })

  it('say what a field needs', () => {
    expect(
      messages(pageSchema, { route: 'Fees', title: '', description: 'short', section: 'x' })
    ).toEqual([
      'should be a route such as /fees (lower case, hyphens)',
      'is empty; write something here',
      'is too short: at least 30 characters (it has 5)',
      'should be one of: "home", "inspections", "safety", "lessons", "district", "about" (found the text "x")',
    ])
  })
})

describe('suggestions', () => {
  it('find the nearest known word when it is close enough to be a slip', () => {
    expect(didYouMean('fire-is-fats', ['reading', 'fire-is-fast'])).toBe(
      ' Did you mean "fire-is-fast"?'
    )
    expect(didYouMean('budget', ['audit', 'petition'])).toBe('')
    expect(didYouMean('Fees', ['fees'])).toBe(' Did you mean "fees"?')
    expect(didYouMean('x', [])).toBe('')
  })
})
