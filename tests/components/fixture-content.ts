import { loadContent } from '#tests/helpers/content.ts'
import type { DocumentEntry } from '#lib/content/schemas.ts'
import { FIXTURE } from '../helpers/content.ts'

/** The test content (tests/fixtures/content), checked and rendered. */
export const fixture = loadContent(FIXTURE)
export const registries = fixture.registries

export const doc = (id: string): DocumentEntry => registries.documents.get(id)!
