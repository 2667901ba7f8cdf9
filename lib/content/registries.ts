import type { z } from 'zod'
import { navigationSchema } from '#lib/content/page-schemas.ts'
import * as schemas from '#lib/content/schemas.ts'

// Each registry file of content/data, in the order they are checked: a YAML list of entries (ids
// unique within the file, but for holidays and the meeting schedule, listed by day) or one group of fields.
export const REGISTRY_SCHEMAS = {
  site: { schema: schemas.siteSchema, list: false },
  navigation: { schema: navigationSchema, list: false },
  documents: { schema: schemas.documentSchema, list: true },
  videos: { schema: schemas.videoSchema, list: true },
  forms: { schema: schemas.formSchema, list: true },
  links: { schema: schemas.linkSchema, list: true },
  fees: { schema: schemas.feesSchema, list: false },
  facts: { schema: schemas.factsSchema, list: false },
  holidays: { schema: schemas.holidaySchema, list: true },
  alerts: { schema: schemas.alertSchema, list: true },
  schedule: { schema: schemas.scheduledMeetingSchema, list: true },
} satisfies Record<string, { schema: z.ZodType; list: boolean }>
export type RegistryName = keyof typeof REGISTRY_SCHEMAS
export const REGISTRY_NAMES = Object.keys(REGISTRY_SCHEMAS) as RegistryName[]

type Entry<N extends RegistryName> = z.infer<(typeof REGISTRY_SCHEMAS)[N]['schema']>

/** content/data checked, entries with ids keyed by id (documents with the meeting records), holidays sorted. */
export type Registries = { [N in 'site' | 'navigation' | 'fees' | 'facts']: Entry<N> } & {
  [N in 'documents' | 'videos' | 'forms' | 'links']: ReadonlyMap<string, Entry<N>>
} & { holidays: Entry<'holidays'>[]; alerts: Entry<'alerts'>[]; schedule: Entry<'schedule'>[] }
