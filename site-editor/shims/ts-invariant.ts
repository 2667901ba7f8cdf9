// ts-invariant (the GitHub backend's GraphQL client) defines a global `process`
// with an eval when it loads, which the editor's policy refuses: this is it without.
export class InvariantError extends Error {
  constructor(message: string | number = 'Invariant Violation') {
    super(typeof message === 'number' ? `Invariant Violation: ${message}` : message)
    this.name = 'Invariant Violation'
  }
}

export const invariant = Object.assign(
  (condition: unknown, message?: string | number) => {
    if (!condition) throw new InvariantError(message)
  },
  { warn: console.warn, error: console.error }
)
