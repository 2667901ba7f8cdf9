// ts-invariant (used by the GitHub backend's GraphQL client) tries to define
// a global `process` with an eval when it loads, which the editor's policy
// refuses (and reports). This is the same module without that attempt.
const GENERIC = 'Invariant Violation'

export class InvariantError extends Error {
  framesToPop = 1
  constructor(message: string | number = GENERIC) {
    super(typeof message === 'number' ? `${GENERIC}: ${message}` : message)
    this.name = GENERIC
  }
}

type Invariant = ((condition: unknown, message?: string | number) => void) & {
  warn: (...args: unknown[]) => void
  error: (...args: unknown[]) => void
}

export const invariant: Invariant = Object.assign(
  (condition: unknown, message?: string | number) => {
    if (!condition) throw new InvariantError(message)
  },
  {
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => console.error(...args),
  }
)

export const process = { env: {} as Record<string, string | undefined> }
export default invariant
