import { loadSiteContent } from '@/lib/content/load'
import type { DocumentEntry } from '@/lib/content/schemas'
import { FIXTURE } from '../helpers/content'

/** The test content (tests/fixtures/content), checked and rendered. */
export const fixture = loadSiteContent(FIXTURE)
export const registries = fixture.registries

export const doc = (id: string): DocumentEntry => registries.documents.get(id)!
