/**
 * A pure function of texts with its latest results kept: the editor checks the whole content at
 * each Save and as the clerk types, and parsing the same files again was most of that check's
 * time. Each call gets its own `copy` of a result, as callers may change what they are given.
 */
export function remembering<A extends unknown[], T>(
  make: (...args: A) => T,
  copy: (value: T) => T,
  keep = 500
) {
  const kept = new Map<string, T>()
  return (...args: A): T => {
    const key = JSON.stringify(args)
    let value = kept.get(key)
    if (value === undefined) {
      value = make(...args)
      kept.set(key, value)
      if (kept.size > keep) kept.delete(kept.keys().next().value!)
    }
    return copy(value)
  }
}
