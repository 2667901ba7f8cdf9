import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import matter from 'gray-matter'
import { describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'
import english from 'decap-cms-locales/dist/esm/en'
import { siteEditorSettings, UNSET_REPOSITORY } from '#tools/site-editor/bundle.ts'
import { editorPhrases } from '#site-editor/phrases.ts'
import { editorCollections, siteEditorConfig } from '#site-editor/config.ts'
import { dayProblem } from '#site-editor/day-widget.tsx'
import {
  fieldFor,
  RELATIONS,
  LIST_FIELD,
  MONEY_PATTERN,
  RECORD_KEY,
  RECORD_VALUE,
  TYPE_KEY,
  type CmsField as DecapField,
} from '#site-editor/kinds.ts'
import { shapeOf } from '#site-editor/shape.ts'
import { pageSchema } from '#lib/content/page-schemas.ts'
import { REGISTRY_SCHEMAS } from '#lib/content/registries.ts'
import { meetingKinds } from '#lib/content/schemas.ts'
import { MEETINGS_FOLDER, REGISTRY_NAMES } from '#lib/content/source.ts'
import { FIXTURE } from '../helpers/content.ts'

// The editor's configuration is made from the content schemas. This test
// walks each schema (with zod's own API, not the editor's reader) side by
// side with the configuration: every schema field has an editor field, in
// the same order, required exactly when the schema requires it, and every
// rule gives the same answer as the schema for the same input (real values
// from the content, and values at and past each limit). A rule the editor
// cannot check itself is one the schema checks with code, and the preview
// shows its message. A day is checked by the editor's date field (day-widget.tsx).

/** A Decap field, with the rule Decap checks a text against. */
type CmsField = DecapField & { pattern?: [string, string] }

vi.mock('decap-cms-core/dist/esm/formats/formats.js', () => ({
  frontmatterFormats: ['yaml-frontmatter', 'toml-frontmatter', 'json-frontmatter'],
  extensionFormatters: { yml: {}, yaml: {}, toml: {}, json: {}, md: {}, markdown: {}, html: {} },
}))
vi.mock('decap-cms-core/dist/esm/lib/i18n.js', () => ({
  I18N_STRUCTURE: { a: 'multiple_folders', b: 'multiple_files', c: 'single_file' },
  I18N_FIELD: { a: 'translate', b: 'duplicate', c: 'none' },
}))
vi.mock('decap-cms-core/dist/esm/lib/registry.js', async () => {
  const schema = async (widget: string) =>
    (await import(`../../node_modules/decap-cms-widget-${widget}/dist/esm/schema.js`)).default
  const widgets = [
    { name: 'string', schema: {} },
    { name: 'text', schema: {} },
    { name: 'boolean', schema: {} },
    { name: 'hidden', schema: {} },
    // The site's own date field (site-editor/day-widget.tsx) has no options.
    { name: 'day', schema: {} },
    ...(await Promise.all(
      ['number', 'select', 'list', 'object', 'relation'].map(async (name) => ({
        name,
        schema: await schema(name),
      }))
    )),
  ]
  return { getWidgets: () => widgets }
})

const collections = editorCollections()
const collection = (name: string) => collections.find((c) => c.name === name)!
/** The fields of a registry file, or of a page, as the editor has them. */
function editorFields(name: string): CmsField[] {
  const c = collection(name)
  const fields = ((c.files as { fields: CmsField[] }[] | undefined)?.[0]?.fields ??
    c.fields) as CmsField[]
  return fields.filter((f) => f.widget !== 'hidden' && !(name === 'pages' && f.name === 'body'))
}

// ------------------------------------------------- values to try each rule with

/** Every text value in the content and the test content, by field name. */
const seen = new Map<string, Set<string>>()
function collect(value: unknown, key = '') {
  if (typeof value === 'string') {
    if (!seen.has(key)) seen.set(key, new Set())
    seen.get(key)!.add(value)
  } else if (Array.isArray(value)) value.forEach((v) => collect(v, key))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      collect(v, k)
      collect(k, `${key}(key)`)
    }
}
for (const dir of [FIXTURE]) {
  for (const name of REGISTRY_NAMES)
    collect(parse(readFileSync(join(dir, 'data', `${name}.yaml`), 'utf8')), name)
  for (const file of readdirSync(join(dir, 'pages')))
    collect(matter(readFileSync(join(dir, 'pages', file), 'utf8')).data)
}

/** Lengths at and next to a text schema's own limits, so a limit the test did not guess is tried too. */
function limitLengths(schema: Zod): number[] {
  const { inner } = unwrap(schema)
  const { minLength, maxLength } = inner as { minLength?: number | null; maxLength?: number | null }
  return [minLength, maxLength]
    .filter((n): n is number => typeof n === 'number')
    .flatMap((n) => [n - 2, n - 1, n, n + 1, n + 2])
    .filter((n) => n >= 0)
}

/** Numbers at and next to a number schema's own limits. */
function limitNumbers(schema: Zod, integer: boolean): number[] {
  const { inner } = unwrap(schema)
  const { minValue, maxValue } = inner as { minValue?: number | null; maxValue?: number | null }
  const step = integer ? 1 : 0.01
  return [minValue, maxValue]
    .filter((n): n is number => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER)
    .flatMap((n) => [n - step, n, n + step].map((v) => Math.round(v * 100) / 100))
}

function textSamples(name: string, limits: number[] = []): string[] {
  const real = [...(seen.get(name) ?? [])]
  const variants = real.flatMap((v) => [
    ` ${v} `,
    v.toUpperCase(),
    `${v} x`,
    `${v}-`,
    v.slice(1),
    v.replace(/\d/, 'x'),
  ])
  const lengths = [0, 1, 2, 3, 5, 29, 30, 31, 40, 41, 60, 61, 70, 71, 80, 81, 120, 121, 160, 161]
  const long = [170, 171, 200, 201, 300, 301, 600, 601].concat(lengths, limits)
  return [
    ...real,
    ...variants,
    ...long.map((n) => 'x'.repeat(n)),
    ...long.map((n) => ` ${'y'.repeat(n)} `),
    ' ',
    'a b',
    'Two\nlines',
    '/',
    '/fees',
    '/Fees',
    'fees',
    'budget-2019',
    'Budget 2019',
    '2026-02-30',
    '2026-12-01',
    '12/01/2026',
    'https://example.org/',
    'http://example.org/',
    'name@example.org',
    'name@',
    '+17322510900,3',
    '7322510900',
    '08831',
    '8831',
    'NJ',
    'NJX',
  ]
}

const NUMBER_SAMPLES = [-1, 0, 0.01, 0.3, 0.5, 1, 2.9, 3.5, 20, 20.5, 45, 45.5, 45.55, 45.555]
const INTEGER_SAMPLES = [-1, 0, 1, 10, 149, 150, 199, 200, 399, 400, 1080, 1081, 1920, 1921]
const INTEGER_MORE = [1989, 1990, 2026, 2100, 2101, 5999, 6000, 6001]

/** Does the editor accept this value in this field (Decap's presence and pattern checks)? */
function editorAccepts(field: CmsField, value: unknown): boolean {
  if (value === '' || value === undefined) return field.required === false
  if (field.widget === 'day' && dayProblem(String(value), field.required !== false)) return false
  if (field.pattern && !new RegExp(field.pattern[0]).test(String(value))) return false
  if (typeof value === 'number') {
    if (typeof field.min === 'number' && value < field.min) return false
    if (typeof field.max === 'number' && value > field.max) return false
  }
  return true
}

// ------------------------------------------------------- the side-by-side walk

type Zod = z.ZodType
type Found = { path: string; field: CmsField }
const leaves: Found[] = []

function unwrap(schema: Zod): { inner: Zod; optional: boolean } {
  let inner = schema
  let optional = false
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    optional = true
    inner = (inner as z.ZodOptional<Zod>).unwrap() as Zod
  }
  return { inner, optional }
}

function compareObject(schema: z.ZodObject, fields: CmsField[], path: string) {
  const keys = Object.keys(schema.shape)
  expect(
    fields.map((f) => f.name),
    `${path}: every schema field, in order`
  ).toEqual(keys)
  for (const key of keys)
    compareField(
      schema.shape[key] as Zod,
      fields.find((f) => f.name === key)!,
      `${path}.${key}`
    )
}

function compareField(schema: Zod, field: CmsField, path: string) {
  const { inner, optional } = unwrap(schema)
  expect(field.required === false, `${path}: optional`).toBe(optional)
  if (field.widget === 'relation') {
    // An id chosen from the entries it refers to, which the schema also checks.
    expect(inner instanceof z.ZodString, path).toBe(true)
    const relation = schema.meta()?.relation
    expect(relation, path).toBeDefined()
    return expect(field, path).toMatchObject(RELATIONS[relation!])
  }
  if (inner instanceof z.ZodObject) {
    expect(field.widget, path).toBe('object')
    return compareObject(inner, field.fields as CmsField[], path)
  }
  if (inner instanceof z.ZodArray) return compareList(inner, field, path)
  if (inner instanceof z.ZodRecord) return compareRecord(inner, field, path)
  if (inner instanceof z.ZodEnum) {
    expect(field.widget, path).toBe('select')
    const values = (field.options as { value: string }[]).map((o) => o.value)
    return expect(values, path).toEqual(inner.options)
  }
  if (inner instanceof z.ZodLiteral) {
    expect(field.widget, path).toBe('select')
    return expect(
      (field.options as { value: unknown }[]).map((o) => o.value),
      path
    ).toEqual([...inner.values])
  }
  if (inner instanceof z.ZodBoolean) return expect(field.widget, path).toBe('boolean')
  if (inner instanceof z.ZodNumber) {
    expect(field.widget, path).toBe('number')
    const integer = inner.isInt
    expect(field.value_type, path).toBe(integer ? 'int' : 'float')
    const samples = [
      ...(integer ? [...INTEGER_SAMPLES, ...INTEGER_MORE] : NUMBER_SAMPLES),
      ...limitNumbers(schema, integer),
    ]
    for (const sample of samples)
      expect(editorAccepts(field, sample), `${path} = ${sample}`).toBe(
        schema.safeParse(sample).success
      )
    return leaves.push({ path, field })
  }
  if (inner instanceof z.ZodString || inner instanceof z.ZodStringFormat) {
    // (The captions workshop writes a video's captions file name: site-editor/captions.)
    expect(['string', 'text', 'day', 'captions'], path).toContain(field.widget)
    const name = path.split('.').at(-1)!
    for (const sample of textSamples(name, limitLengths(schema))) {
      const editor = editorAccepts(field, sample)
      // What the editor saves: empty optional fields are left out, text the schema trims is trimmed.
      const saved = sample.trim() === '' && optional ? undefined : sample
      const result = schema.safeParse(saved)
      if (editor && !result.success) {
        // Only a rule checked with code (refine) may let through what the schema refuses.
        const codes = result.error.issues.map((i) => i.code)
        expect(codes, `${path} = ${JSON.stringify(sample)}`).toEqual(codes.map(() => 'custom'))
      } else {
        expect(editor, `${path} = ${JSON.stringify(sample)}`).toBe(result.success)
      }
    }
    return leaves.push({ path, field })
  }
  throw new Error(`${path}: the test does not know this schema`)
}

/** The shapes of a union, nested unions flattened. */
function shapesOf(schema: Zod): Zod[] {
  const { inner } = unwrap(schema)
  return inner instanceof z.ZodUnion ? (inner.options as Zod[]).flatMap(shapesOf) : [inner]
}

/** Matches each shape of a union with the editor's kind of entry that has the same fields. */
function compareShapes(shapes: Zod[], field: CmsField, path: string, lead: string[]) {
  expect(field.typeKey, path).toBe(TYPE_KEY)
  const types = field.types as CmsField[]
  expect(types.length, `${path}: one kind of entry per shape`).toBe(shapes.length)
  for (const shape of shapes) {
    const fields = (type: CmsField) => (type.fields as CmsField[]).slice(lead.length)
    if (shape instanceof z.ZodObject) {
      const names = JSON.stringify(Object.keys(shape.shape))
      const type = types.find((t) => JSON.stringify(fields(t).map((f) => f.name)) === names)
      expect(type, `${path}: a kind of entry for ${Object.keys(shape.shape)}`).toBeDefined()
      expect((type!.fields as CmsField[]).slice(0, lead.length).map((f) => f.name)).toEqual(lead)
      compareObject(shape, fields(type!), path)
    } else {
      const type = types.find((t) => fields(t).length === 1 && fields(t)[0]!.name === RECORD_VALUE)
      expect(type, `${path}: a kind of entry for a text`).toBeDefined()
      compareField(shape, fields(type!)[0]!, `${path}.${RECORD_VALUE}`)
    }
  }
}

function compareList(schema: z.ZodArray, field: CmsField, path: string) {
  expect(field.widget, path).toBe('list')
  const min = schema.def.checks
    ?.map((c) => c._zod.def as { check: string; minimum?: number })
    .find((c) => c.check === 'min_length')?.minimum
  expect(field.min, `${path}: at least`).toBe(min)
  const element = schema.element as Zod
  if (element instanceof z.ZodObject)
    return compareObject(element, field.fields as CmsField[], path)
  return compareShapes(shapesOf(element), field, path, [])
}

function compareRecord(schema: z.ZodRecord, field: CmsField, path: string) {
  expect(field.widget, path).toBe('list')
  const value = schema.valueType as Zod
  const shapes = shapesOf(value)
  const key = schema.keyType as Zod
  const keyField = (fields: CmsField[]) => fields.find((f) => f.name === RECORD_KEY)!
  if (shapes.length > 1) {
    compareShapes(shapes, field, path, [RECORD_KEY])
    for (const type of field.types as CmsField[])
      compareField(key, keyField(type.fields as CmsField[]), `${path}(key)`)
    return
  }
  const fields = field.fields as CmsField[]
  expect(fields.map((f) => f.name)).toEqual([RECORD_KEY, RECORD_VALUE])
  compareField(key, keyField(fields), `${path}(key)`)
  compareField(value, fields[1]!, `${path}.${RECORD_VALUE}`)
}

describe('the editor configuration and the content schemas', () => {
  it('has a collection for every registry file and for the pages folder', () => {
    // (The content check refuses any other file in content/data.)
    for (const dir of [FIXTURE]) {
      const files = readdirSync(join(dir, 'data')).filter((f) => /\.ya?ml$/.test(f))
      expect(files.map((f) => f.replace(/\.ya?ml$/, '')).sort(), dir).toEqual(
        [...REGISTRY_NAMES].sort()
      )
    }
    for (const name of REGISTRY_NAMES) {
      const files = collection(name).files as { file: string }[]
      expect(
        files.map((f) => f.file),
        name
      ).toEqual([`content/data/${name}.yaml`])
    }
    expect(collection('pages')).toMatchObject({
      folder: 'content/pages',
      extension: 'md',
      create: true,
    })
  })

  it.each(REGISTRY_NAMES)('has the fields and rules of the %s schema', (name) => {
    const { schema, list } = REGISTRY_SCHEMAS[name]
    const fields = editorFields(name)
    if (list) {
      expect(fields.map((f) => f.name)).toEqual([LIST_FIELD])
      compareField(z.array(schema), fields[0]!, name)
    } else if (schema instanceof z.ZodRecord) {
      expect(fields.map((f) => f.name)).toEqual([LIST_FIELD])
      compareRecord(schema, fields[0]!, name)
    } else {
      compareObject(schema as z.ZodObject, fields, name)
    }
  })

  it('has the fields and rules of the page frontmatter, and the page text', () => {
    compareObject(pageSchema, editorFields('pages'), 'pages')
    const body = (collection('pages').fields as CmsField[]).at(-1)!
    expect(body).toMatchObject({ name: 'body', widget: 'text', required: false })
  })

  it('checks amounts of money to the cent, and dates as calendar days', () => {
    const amounts = leaves.filter((l) => /amount|reinspection|fixed/.test(l.path))
    expect(amounts.length).toBeGreaterThan(0)
    for (const { field } of amounts)
      expect(field).toMatchObject({ step: 0.01, pattern: MONEY_PATTERN })
    // A fee below zero is refused as such, not as "too many cents".
    const [pattern, words] = MONEY_PATTERN
    const money = (typed: string) => new RegExp(pattern).test(typed)
    expect(['45', '45.5', '45.00', '0'].every(money)).toBe(true)
    expect(['-45.00', '-1', '45.001'].some(money)).toBe(false)
    expect(words).toMatch(/^should be an amount in dollars such as 45\.00: no minus sign/)
    const dates = leaves.filter((l) => l.field.widget === 'day')
    expect(dates.map((d) => d.path)).toEqual(
      expect.arrayContaining(['alerts.start', 'alerts.end', 'holidays.date'])
    )
  })

  it('holds a last day to its first day, as the schema does, as soon as both are typed', () => {
    const list = editorFields('alerts')[0]!
    const end = (list.fields as CmsField[]).find((f) => f.name === 'end')!
    expect(end).toMatchObject({ widget: 'day', on_or_after: 'start' })
    const alert = { id: 'a', level: 'urgent', start: '2030-03-10', message: 'Closed.' }
    const { schema } = REGISTRY_SCHEMAS.alerts
    expect(schema.safeParse({ ...alert, end: '2030-03-09' }).success).toBe(false)
    expect(schema.safeParse({ ...alert, end: '2030-03-10' }).success).toBe(true)
  })

  it('shows each rule in the schema’s own words', () => {
    const route = leaves.find((l) => l.path === 'pages.route')!
    expect(route.field.pattern![1]).toBe('should be a route such as /fees (lower case, hyphens).')
    const title = leaves.find((l) => l.path === 'pages.title')!
    expect(title.field.pattern![1]).toBe('should be at most 70 characters long.')
    const description = leaves.find((l) => l.path === 'pages.description')!
    expect(description.field.pattern![1]).toBe('should be 30 to 170 characters long.')
  })

  it('offers only the meeting kinds in the meeting records', () => {
    const list = (collection(MEETINGS_FOLDER).fields as CmsField[]).find(
      (f) => f.name === LIST_FIELD
    )!
    const kind = (list.fields as CmsField[]).find((f) => f.name === 'kind')!
    expect((kind.options as { value: string }[]).map((o) => o.value)).toEqual([...meetingKinds])
  })

  it('offers ids of other entries as choices where the schema refers to them', () => {
    const cardFees = editorFields('fees').find((f) => f.name === 'cardFees')!.fields as CmsField[]
    expect(cardFees.find((f) => f.name === 'ordinance')).toMatchObject({
      widget: 'relation',
      collection: 'documents',
      file: 'documents',
      value_field: `${LIST_FIELD}.*.id`,
    })
    const main = editorFields('navigation').find((f) => f.name === 'main')!
    const [route, link] = (main.types as CmsField[]).map((t) => (t.fields as CmsField[])[1])
    expect(route).toMatchObject({ widget: 'relation', collection: 'pages', value_field: 'route' })
    expect(link).toMatchObject({ widget: 'relation', collection: 'links' })
  })

  it('is accepted by Decap’s own check of its configuration', async () => {
    const { validateConfig } = await import('decap-cms-core/dist/esm/constants/configSchema.js')
    const config = siteEditorConfig({
      repository: 'owner/site',
      branch: 'main',
      authUrl: 'https://auth.example.org',
    })
    expect(() => validateConfig(config)).not.toThrow()
    // Decap also logs what it refuses; the refusal is what counts here.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => validateConfig({ ...config, collections: [{ name: 'x' }] })).toThrow()
    log.mockRestore()
  })
})

describe("zod's representation of the schemas, as the editor reads it", () => {
  // The editor reads a schema through z.toJSONSchema() and the checks zod documents for tools
  // (site-editor/shape.ts). Each construct the content schemas use, read as the editor expects:
  // a zod release that says one of them another way fails here, not in a clerk's browser.
  it('reads each construct the content schemas use as the editor expects it', () => {
    const day = z.iso.date()
    const schema = z.strictObject({
      text: z.string().trim().min(1).max(80).meta({ title: 'Text', description: 'Words.' }),
      id: z
        .string()
        .regex(/^[a-z]+$/, 'should be an id')
        .optional(),
      email: z.email(),
      day,
      whole: z.int().min(0).max(10).default(3),
      money: z.number().nonnegative().multipleOf(0.01).max(10_000),
      choice: z.enum(['a', 'b']),
      one: z.literal('x'),
      flag: z.boolean().default(false),
      list: z
        .array(z.strictObject({ a: z.string() }))
        .min(1)
        .meta({ singular: 'entry' }),
      map: z.record(z.string().regex(/^[a-z]+$/), z.union([z.string(), z.strictObject({ day })])),
    })
    const pattern = expect.any(String) as unknown as string
    expect(shapeOf(schema, 'zod')).toEqual({
      type: 'object',
      properties: {
        text: {
          type: 'string',
          minLength: 1,
          maxLength: 80,
          title: 'Text',
          description: 'Words.',
          trim: true,
        },
        id: { type: 'string', pattern: '^[a-z]+$', messages: { '^[a-z]+$': 'should be an id' } },
        email: { type: 'string', format: 'email', pattern },
        day: { type: 'string', format: 'date', pattern },
        whole: { type: 'integer', minimum: 0, maximum: 10, default: 3 },
        money: { type: 'number', minimum: 0, maximum: 10_000, multipleOf: 0.01 },
        choice: { type: 'string', enum: ['a', 'b'] },
        one: { type: 'string', const: 'x' },
        flag: { type: 'boolean', default: false },
        list: {
          type: 'array',
          minItems: 1,
          singular: 'entry',
          items: {
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
            additionalProperties: false,
          },
        },
        map: {
          type: 'object',
          propertyNames: { type: 'string', pattern: '^[a-z]+$' },
          additionalProperties: {
            anyOf: [
              { type: 'string' },
              {
                type: 'object',
                properties: { day: { type: 'string', format: 'date', pattern } },
                required: ['day'],
                additionalProperties: false,
              },
            ],
          },
        },
      },
      required: ['text', 'email', 'day', 'money', 'choice', 'one', 'list', 'map'],
      additionalProperties: false,
    })
  })
})

describe('a schema field the editor does not know', () => {
  it('stops the configuration until it has words for staff', () => {
    expect(() => fieldFor('colour', shapeOf(z.string(), 'x'), 'documents.colour')).toThrow(
      /"documents\.colour" has no words for staff/
    )
  })

  it('stops the configuration when the schema uses something the editor cannot show', () => {
    expect(() => shapeOf(z.strictObject({ when: z.date() }), 'test')).toThrow(/"test".*Date/)
    const labelled = (schema: z.ZodType) => schema.meta({ title: 'X' })
    const cannot = (schema: z.ZodType) => () => fieldFor('x', shapeOf(labelled(schema), 't'), 't')
    expect(cannot(z.object({ a: labelled(z.string()) }).catchall(z.string()))).toThrow(
      /any extra field/
    )
    expect(cannot(z.number().positive())).toThrow(/"exclusiveMinimum"/)
    expect(cannot(z.string().toLowerCase())).toThrow(/a text rewrite/)
    expect(cannot(z.url())).toThrow(/the format "uri"/)
  })

  it('makes no field for GitHub or the editor that the schema lacks', () => {
    const config = siteEditorConfig({ repository: 'owner/site', branch: 'main' })
    expect(config).toMatchObject({
      backend: { name: 'github', repo: 'owner/site', branch: 'main', open_authoring: true },
      publish_mode: 'editorial_workflow',
    })
    expect(JSON.stringify(config)).not.toMatch(/localhost|127\.0\.0\.1/)
    // Pages may be deleted (the site check refuses a deletion that breaks a link); registries not.
    for (const c of collections) expect(c.delete, c.name).toBe(c.name === 'pages')
  })
})

describe('the production sign-in', () => {
  it('saves to the repository being built, or the one SITE_EDITOR_REPOSITORY names', () => {
    expect(siteEditorSettings({}).repository).toBe(UNSET_REPOSITORY)
    expect(siteEditorSettings({ GITHUB_REPOSITORY: 'owner/site' }).repository).toBe('owner/site')
    expect(
      siteEditorSettings({ GITHUB_REPOSITORY: 'owner/site', SITE_EDITOR_REPOSITORY: 'other/site' })
        .repository
    ).toBe('other/site')
    expect(siteEditorSettings({}).branch).toBe('main')
  })

  it('is named in both guides: where its address is set, and how staff find it', () => {
    // The build setting, never an address made up for the guides.
    for (const guide of ['content/README.md', 'deploy/README.md'])
      expect(readFileSync(guide, 'utf8'), guide).toContain('SITE_EDITOR_REPOSITORY')
  })

  it('signs in through the service SITE_EDITOR_AUTH_URL names, asking GitHub for what SITE_EDITOR_AUTH_SCOPE says', () => {
    const settings = siteEditorSettings({
      SITE_EDITOR_REPOSITORY: 'owner/site',
      SITE_EDITOR_AUTH_URL: 'https://auth.example.org',
      SITE_EDITOR_AUTH_SCOPE: 'repo',
    })
    expect(siteEditorConfig(settings).backend).toMatchObject({
      base_url: 'https://auth.example.org',
      auth_scope: 'repo',
    })
    // Left empty (an unset workflow variable), Decap's own choice stands.
    expect(
      siteEditorConfig(siteEditorSettings({ SITE_EDITOR_AUTH_SCOPE: '' })).backend
    ).not.toHaveProperty('auth_scope')
    expect(() => siteEditorSettings({ SITE_EDITOR_AUTH_SCOPE: 'admin:org' })).toThrow(
      /repo or public_repo/
    )
  })
})

describe('the lists and words of the editor', () => {
  /** Every list field of the configuration, nested ones too. */
  const lists = (fields: CmsField[]): CmsField[] =>
    fields.flatMap((f) => [
      ...(f.widget === 'list' ? [f] : []),
      ...lists((f.fields as CmsField[] | undefined) ?? []),
      ...lists((f.types as CmsField[] | undefined) ?? []),
    ])

  it('puts a new entry at the top of every list, menus included, as the guide says', () => {
    const all = editorCollections().flatMap((c) =>
      lists([
        ...((c.fields as CmsField[] | undefined) ?? []),
        ...((c.files as { fields: CmsField[] }[] | undefined) ?? []).flatMap((f) => f.fields),
      ])
    )
    expect(all.map((f) => f.name)).toEqual(expect.arrayContaining(['main', 'items', 'tiers']))
    for (const list of all) expect(list.add_to_top, list.name).toBe(true)
  })

  it("lists the meeting records' years newest first, by the year their records carry", () => {
    const meetings = collection(MEETINGS_FOLDER)
    expect(meetings.sortable_fields).toEqual([
      { field: `${LIST_FIELD}.0.year`, default_sort: 'desc' },
    ])
    const list = (meetings.fields as CmsField[]).find((f) => f.name === LIST_FIELD)!
    expect((list.fields as CmsField[]).map((f) => f.name)).toContain('year')
  })

  it('speaks of entries and pages, never of posts (the site has none; Decap\'s Workflow said "New Post")', () => {
    const phrases = JSON.stringify(editorPhrases(english as Record<string, unknown>))
    expect(phrases).not.toMatch(/\bposts?\b/i)
  })

  it('shows only characters the fonts of a plain computer have (no "＋" that draws as an empty box)', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : []
    const shown = [
      ...texts(editorPhrases(english as Record<string, unknown>)),
      ...texts(editorCollections()),
    ]
    // Latin letters, digits and the usual punctuation, quotes, dashes and ellipsis.
    const drawn = /^[\n\u0020-\u007e\u00a0-\u00ff\u2010-\u2027\u2030-\u203a]*$/
    expect(shown.filter((text) => !drawn.test(text))).toEqual([])
  })
})
