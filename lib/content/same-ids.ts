import type { ProblemList } from '#lib/content/problems.ts'
import type { LocatedYaml } from '#lib/content/yaml.ts'

// Two entries of one registry file with one id: pages could not tell them
// apart. The problem is reported once, at the first of them (where the site
// editor puts a new entry, at the top of the list), and names each entry by
// the words the editor lists it by (its title or label, an alert's days),
// since the editor shows no line numbers and both share the id.

type Raw = Record<string, unknown> | null

/** An entry in the words the editor lists it by: "2019 budget", or an alert's days. */
function entryWords(raw: Raw, id: string): string {
  const words = raw?.title ?? raw?.label
  if (typeof words === 'string' && words.trim()) return `"${words.trim()}"`
  if (typeof raw?.start === 'string' && typeof raw?.end === 'string')
    return `from ${raw.start} to ${raw.end}`
  return `"${id}"`
}

/** Reports every id used by more than one entry; true if there was one. */
export function checkSameIds(
  yaml: LocatedYaml & { file: string; data: unknown[] },
  problems: ProblemList
): boolean {
  const byId = new Map<string, number[]>()
  yaml.data.forEach((raw, i) => {
    const id = (raw as Raw)?.id
    if (typeof id === 'string') byId.set(id, [...(byId.get(id) ?? []), i])
  })
  let found = false
  for (const [id, [first, ...others]] of byId) {
    if (others.length === 0) continue
    found = true
    const entry = (i: number) => entryWords(yaml.data[i] as Raw, id)
    const named = others.map((i) => `the entry ${entry(i)} (line ${yaml.lineOf([i, 'id'])})`)
    problems.error(
      yaml.file,
      yaml.lineOf([first!, 'id']),
      `entry ${entry(first!)}: uses the id "${id}", which ${named.join(' and ')} also ${others.length > 1 ? 'use' : 'uses'}. Ids must be unique: give one of them another id`
    )
  }
  return found
}
