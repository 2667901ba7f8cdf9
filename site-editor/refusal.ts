/** A refusal Decap shows after its own words ("Not saved. …") without "Error:" in front. */
export class PlainRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = ''
  }
}
