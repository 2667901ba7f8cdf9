// What the content check reports. An error stops the build; a notice is
// worth a look but publishes anyway. Every problem names the file (as staff
// see it, relative to the repository) and, where known, the line.

type Severity = 'error' | 'notice'

export type ContentProblem = {
  severity: Severity
  /** The file, relative to the repository: content/pages/fees.md */
  file: string
  line?: number
  /** Plain words: what is wrong and what to do. No file or line in it. */
  message: string
}

/** "content/pages/fees.md:12: message" */
export function formatProblem(problem: ContentProblem): string {
  const where = problem.line ? `${problem.file}:${problem.line}` : problem.file
  return `${where}: ${problem.message}`
}

/**
 * Content mistakes that stop the build. The message lists every error,
 * one per line, each naming its file and line.
 */
export class ContentError extends Error {
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(problems.map(formatProblem).join('\n'))
    this.name = 'ContentError'
    this.problems = problems
  }

  /** The first problem, for code that handles one at a time. */
  get first(): ContentProblem {
    return this.problems[0]!
  }
}

/**
 * A problem in a registry entry: names the entry by its id (or, before it
 * has one, by its place in the list) and the field (fieldName's words).
 */
export function entryMessage(opts: {
  entry?: string
  position?: number
  field?: string
  problem: string
}): string {
  const entry = opts.entry
    ? `entry "${opts.entry}": `
    : opts.position
      ? `entry ${opts.position} (it has no id yet): `
      : ''
  const field = opts.field ? `field ${opts.field} ` : ''
  return `${entry}${field}${opts.problem}`
}

/** Collects problems while the content is checked. */
export class ProblemList {
  readonly items: ContentProblem[] = []

  error(file: string, line: number | undefined, message: string) {
    this.items.push({ severity: 'error', file, line, message })
  }

  notice(file: string, line: number | undefined, message: string) {
    this.items.push({ severity: 'notice', file, line, message })
  }

  /** Runs a step; a ContentError it throws is recorded instead of stopping the check. */
  catch<T>(step: () => T): T | undefined {
    try {
      return step()
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      this.items.push(...error.problems)
      return undefined
    }
  }

  get errors(): ContentProblem[] {
    return this.items.filter((p) => p.severity === 'error')
  }

  get notices(): ContentProblem[] {
    return this.items.filter((p) => p.severity === 'notice')
  }
}

/** Throws a ContentError for one problem: used deep inside the Markdown pipeline. */
export function fail(file: string, line: number | undefined, message: string): never {
  throw new ContentError([{ severity: 'error', file, line, message }])
}
