// What the content check reports: an error stops the build; a notice is worth
// a look but publishes anyway. Each names its file as staff see it and, where known, its line.

export type ContentProblem = {
  severity: 'error' | 'notice'
  file: string
  line?: number
  /** Plain words: what is wrong and what to do. No file or line in it. */
  message: string
}

/** "content/pages/fees.md:12: message" */
export function formatProblem({ file, line, message }: ContentProblem): string {
  return `${line ? `${file}:${line}` : file}: ${message}`
}

export class ContentError extends Error {
  readonly problems: ContentProblem[]

  constructor(problems: ContentProblem[]) {
    super(problems.map(formatProblem).join('\n'))
    this.name = 'ContentError'
    this.problems = problems
  }
}

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
}

export function fail(file: string, line: number | undefined, message: string): never {
  throw new ContentError([{ severity: 'error', file, line, message }])
}
