import { z } from 'zod'
import {
  alertSchema,
  documentSchema,
  factsSchema,
  feesSchema,
  formSchema,
  holidaySchema,
  linkSchema,
  navigationSchema,
  siteSchema,
  videoSchema,
  type Alert,
  type DocumentEntry,
  type Facts,
  type Fees,
  type FormEntry,
  type Holiday,
  type LinkEntry,
  type Navigation,
  type Site,
  type VideoEntry,
} from '#lib/content/schemas.ts'
import type { RegistryName } from '#lib/content/source.ts'

/** Everything in content/data, checked, with list registries keyed by id. */
export type Registries = {
  site: Site
  navigation: Navigation
  /** documents.yaml and the meeting records (data/meetings/*.yaml) together: ids are unique across all. */
  documents: ReadonlyMap<string, DocumentEntry>
  videos: ReadonlyMap<string, VideoEntry>
  forms: ReadonlyMap<string, FormEntry>
  links: ReadonlyMap<string, LinkEntry>
  fees: Fees
  facts: Facts
  /** New Jersey state holidays, oldest first. */
  holidays: Holiday[]
  /** Every alert, shown or not; see activeAlerts(). */
  alerts: Alert[]
}

/**
 * The schema of each registry file. A list registry is a YAML list whose
 * entries have ids (unique within the file); the others are one group of
 * fields (holidays are a list without ids).
 */
export const REGISTRY_SCHEMAS = {
  site: { schema: siteSchema, list: false },
  navigation: { schema: navigationSchema, list: false },
  documents: { schema: documentSchema, list: true },
  videos: { schema: videoSchema, list: true },
  forms: { schema: formSchema, list: true },
  links: { schema: linkSchema, list: true },
  fees: { schema: feesSchema, list: false },
  facts: { schema: factsSchema, list: false },
  holidays: { schema: holidaySchema, list: true },
  alerts: { schema: alertSchema, list: true },
} satisfies Record<RegistryName, { schema: z.ZodType; list: boolean }>
