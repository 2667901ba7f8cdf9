import { join } from 'node:path'
import { loadRegistries } from '@/lib/content/registries'
import type { DocumentEntry } from '@/lib/content/schemas'

/** The registries of the test content (tests/fixtures/content/data). */
export const registries = loadRegistries(
  join(process.cwd(), 'tests', 'fixtures', 'content', 'data')
)

export const doc = (id: string): DocumentEntry => registries.documents.get(id)!
