import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { ContentError, parseWithContext, parseYamlWithLines } from '@/lib/content/errors'
import {
  alertSchema,
  documentSchema,
  holidaySchema,
  factsSchema,
  feesSchema,
  formSchema,
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
} from '@/lib/content/schemas'
import { tierCoverageProblem } from '@/lib/fees'

/** Everything in content/data, validated, with list registries keyed by id. */
export type Registries = {
  site: Site
  navigation: Navigation
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

function readYaml(file: string) {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new ContentError({
      file,
      problem: 'is missing; every registry in content/data must exist',
    })
  }
  return parseYamlWithLines(text, file)
}

function loadOne<S extends z.ZodType>(dir: string, name: string, schema: S): z.output<S> {
  const file = join(dir, name)
  return parseWithContext(schema, readYaml(file), file)
}

/** Loads a list of entries with ids and refuses two entries with one id. */
function loadList<S extends z.ZodType<{ id: string }>>(
  dir: string,
  name: string,
  entry: S
): Map<string, z.output<S>> {
  const file = join(dir, name)
  const located = readYaml(file)
  if (!Array.isArray(located.data)) {
    throw new ContentError({
      file,
      problem: 'should be a list of entries, each starting with "- id:"',
    })
  }
  const entries = parseWithContext(z.array(entry), located, file)
  const byId = new Map<string, z.output<S>>()
  entries.forEach((value, index) => {
    if (byId.has(value.id)) {
      throw new ContentError({
        file,
        line: located.lineOf([index, 'id']),
        entry: value.id,
        problem: 'uses an id that an earlier entry already has; ids must be unique',
      })
    }
    byId.set(value.id, value)
  })
  return byId
}

/** Reads and checks every registry in `dir` (content/data). */
export function loadRegistries(dir: string): Registries {
  const registries: Registries = {
    site: loadOne(dir, 'site.yaml', siteSchema),
    navigation: loadOne(dir, 'navigation.yaml', navigationSchema),
    documents: loadList(dir, 'documents.yaml', documentSchema),
    videos: loadList(dir, 'videos.yaml', videoSchema),
    forms: loadList(dir, 'forms.yaml', formSchema),
    links: loadList(dir, 'links.yaml', linkSchema),
    fees: loadOne(dir, 'fees.yaml', feesSchema),
    facts: loadOne(dir, 'facts.yaml', factsSchema),
    holidays: loadOne(dir, 'holidays.yaml', z.array(holidaySchema)).sort((a, b) =>
      a.date.localeCompare(b.date)
    ),
    alerts: [...loadList(dir, 'alerts.yaml', alertSchema).values()],
  }
  const feesFile = join(dir, 'fees.yaml')
  const coverage = tierCoverageProblem(registries.fees.inspection.tiers)
  if (coverage) {
    throw new ContentError({
      file: feesFile,
      field: 'inspection.tiers',
      problem: `do not fit together: ${coverage}`,
    })
  }
  const ordinance = registries.fees.cardFees.ordinance
  if (!registries.documents.has(ordinance)) {
    throw new ContentError({
      file: feesFile,
      field: 'cardFees.ordinance',
      problem: `refers to document "${ordinance}", which is not in documents.yaml`,
    })
  }
  return registries
}
