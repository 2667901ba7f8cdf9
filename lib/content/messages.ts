import type { z } from 'zod'
import { hasTwoDigitYear } from '#lib/dates.ts'
import { plural } from '#lib/text.ts'

// Schema problems in plain words: zod's own wording never reaches staff; our schema
// messages (which start with "should") are used as they are.

type Issue = z.core.$ZodIssue

/** ['inspection', 'tiers', 0, 'amount'] is `"amount" (inspection, tiers entry 1)`, ['main', 2] `entry 3 of "main"`. */
export function fieldName(path: readonly PropertyKey[]): string {
  const last = path.at(-1)
  const where = path
    .slice(0, -1)
    .map((part) => (typeof part === 'number' ? `entry ${part + 1}` : String(part)))
    .join(', ')
    .replace(/, entry/g, ' entry')
  if (typeof last === 'number') return `entry ${last + 1} of "${where}"`
  return path.length > 1 ? `"${String(last)}" (${where})` : `"${String(last)}"`
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}

/** The known word closest to `word`, when it is close enough to be a typing slip. */
function nearest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  return best
}

/** ` Did you mean "fire-is-fast"?`, or nothing when no known word is close. */
export function didYouMean(word: string, known: Iterable<string>): string {
  const guess = nearest(word, known)
  return guess ? ` Did you mean "${guess}"?` : ''
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a group of fields',
  array: 'a list',
  date: 'a date',
}
const typeName = (expected: string) => TYPE_NAMES[expected] ?? expected

/** How a value reads in a message: the text "45 dollars", the number 3, a list. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty'
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return `the number ${String(value)}`
}

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce((value, key) => (value as Record<PropertyKey, unknown> | null)?.[key], data)

const ownMessage = (issue: Issue) => (/^should\b/.test(issue.message) ? issue.message : undefined)

function describeOne(issue: Issue, value: unknown): string {
  if (value === undefined) {
    if (issue.code === 'invalid_type')
      return issue.expected === 'string'
        ? 'is required: it cannot be left empty'
        : `is required: write ${typeName(issue.expected)}`
    if (issue.code === 'invalid_value')
      return `is required (one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')})`
    return 'is required'
  }
  switch (issue.code) {
    case 'invalid_type':
      return `should be ${typeName(issue.expected)} but is ${describeValue(value)}`
    case 'too_big': {
      const own = ownMessage(issue)
      if (own) return `${own} (found ${describeValue(value)})`
      const max = Number(issue.maximum)
      if (issue.origin === 'string' && typeof value === 'string')
        return `is too long: at most ${plural(max, 'character')} (it has ${value.length}). Shorten it.`
      if (issue.origin === 'array') return `has too many entries: at most ${max}`
      return `should be at most ${max} (found ${String(value)})`
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string' && typeof value === 'string')
        return value.trim() === ''
          ? 'is empty; write something here'
          : `is too short: at least ${plural(min, 'character')} (it has ${value.trim().length})`
      if (issue.origin === 'array') return `needs at least ${plural(min, 'entry', 'entries')}`
      return `should be at least ${min}, not ${String(value)}`
    }
    case 'invalid_format':
      if (issue.format === 'date' && typeof value === 'string' && hasTwoDigitYear(value))
        return `has a two-digit year ("${value}"), so the century is not known. Write the year in full, as YYYY-MM-DD in quotes, for example '2027-03-01'`
      if (issue.format === 'date')
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? `is "${value}", which is not a real date. Write a real day as YYYY-MM-DD, for example 2027-03-01`
          : `should be a date written as YYYY-MM-DD in quotes, for example '2027-03-01' (found ${describeValue(value)})`
      if (issue.format === 'email')
        return `should be an e-mail address such as name@example.org (found ${describeValue(value)})`
      return (
        ownMessage(issue) ??
        `is not written the way this field needs (found ${describeValue(value)})`
      )
    case 'not_multiple_of':
      return `should be an amount in dollars and cents, with at most two decimals, such as 45.00 (found ${describeValue(value)})`
    case 'invalid_value':
      return (
        ownMessage(issue) ??
        `should be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')} (found ${describeValue(value)})`
      )
    case 'invalid_key':
      return `has a name that is not allowed: ${describeValue(issue.path.at(-1))}. Names are lower case words joined by hyphens`
    default:
      return ownMessage(issue) ?? 'is not valid here'
  }
}

/** The branch of a failed union most likely meant: fewest problems, unknown fields counting last. */
function bestBranch(issue: Extract<Issue, { code: 'invalid_union' }>): Issue[] {
  const score = (branch: Issue[]) =>
    branch.filter((i) => i.code !== 'unrecognized_keys').length * 10 + branch.length
  return issue.errors.filter((b) => b.length > 0).sort((a, b) => score(a) - score(b))[0] ?? []
}

/** Each schema problem in plain words, its field (`path`) and where to point (`at`: an unknown field's key). */
export function describeIssues(issues: readonly Issue[], data: unknown) {
  const out: { path: PropertyKey[]; at: PropertyKey[]; message: string }[] = []
  const visit = (list: readonly Issue[], prefix: PropertyKey[]) => {
    // A misspelled field is both unknown and missing: said once, 'unknown field "rout" (did you mean "route"?)'.
    const missing = list.filter(
      (i) => i.code !== 'unrecognized_keys' && valueAt(data, [...prefix, ...i.path]) === undefined
    )
    const explained = new Set<Issue>()
    const unknownFields = new Map<Issue, string>()
    for (const issue of list) {
      if (issue.code !== 'unrecognized_keys') continue
      const here = issue.path.join('.')
      const hints = issue.keys.map((key) => {
        const match = missing.find(
          (m) =>
            !explained.has(m) &&
            m.path.slice(0, -1).join('.') === here &&
            nearest(key, [String(m.path.at(-1))]) !== undefined
        )
        if (!match) return `"${key}"`
        explained.add(match)
        return `"${key}" (did you mean "${String(match.path.at(-1))}"?)`
      })
      const many = hints.length > 1
      unknownFields.set(
        issue,
        `has ${many ? 'unknown fields' : 'an unknown field'}: ${hints.join(', ')}. Check the spelling, or remove ${many ? 'them' : 'it'}`
      )
    }
    for (const issue of list) {
      const path = [...prefix, ...issue.path]
      if (explained.has(issue)) continue
      if (issue.code === 'invalid_union') visit(bestBranch(issue), path)
      else if (
        (issue.code === 'invalid_element' || issue.code === 'invalid_key') &&
        issue.issues.length
      )
        visit(issue.issues, path)
      else {
        const unknown = unknownFields.get(issue)
        out.push({
          path,
          at: unknown && issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path,
          message: unknown ?? describeOne(issue, valueAt(data, path)),
        })
      }
    }
  }
  visit(issues, [])
  return out
}
