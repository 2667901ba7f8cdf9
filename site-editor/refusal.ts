/**
 * The editor's answer when it will not do what was asked: Decap shows it in
 * its notice after its own words ("Not saved. …"), as it is, without
 * "Error:" in front.
 */
export class PlainRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = ''
  }
}
