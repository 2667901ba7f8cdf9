import {
  CHOICE_LABELS,
  COLLECTIONS,
  FIELD_TEXT,
  OPEN_LISTS,
  SUMMARIES,
  type FieldText,
} from '#site-editor/fields.ts'
import {
  captionsFormat,
  COMMENT_FIELD,
  LIST_FIELD,
  meetingsSpec,
  pageSpec,
  QUOTES_FIELD,
  RECORD_KEY,
  RECORD_VALUE,
  registrySpec,
  TYPE_KEY,
} from '#site-editor/formats.ts'
import { SIGN_IN_START_PATH } from '#lib/routes.ts'
import type { FieldSpec, NumberSpec, Spec, TextSpec, UnionSpec } from '#site-editor/model.ts'
import { MEETINGS_FOLDER, REGISTRY_NAMES, type RegistryName } from '#lib/content/source.ts'

// The editor's configuration (Decap CMS), made from the content schemas each
// time the editor starts: every schema field has an editor field with the
// same rules (required or not, lengths, patterns with the schema's own words,
// choices, number limits). Rules the schemas check with code (an alert's last
// day after its first, a video address on its provider's host) cannot be
// fields' rules; the preview runs the content check and shows them.

/** A field of Decap's configuration (only what this site uses). */
export type CmsField = {
  name: string
  label: string
  widget: string
  required?: boolean
  hint?: string
  default?: unknown
  pattern?: [string, string]
  [option: string]: unknown
}

export type CmsCollection = {
  name: string
  label: string
  [option: string]: unknown
}

export type CmsConfig = {
  backend: Record<string, unknown>
  collections: CmsCollection[]
  [option: string]: unknown
}

/** A field's widget and its options: a field without its name and label. */
type WidgetOptions = { widget: string; [option: string]: unknown }

/** Where the editor looks for Decap's local backend (npm run site-editor), on its own origin. */
export const LOCAL_BACKEND_PATH = '/api/v1'

/** Where the site's content lives in the repository. */
export const CONTENT_PATH = 'content'

export { captionsFormat }

/** The editor's format names (Decap custom formats, registered in site-editor/main.tsx). */
export const registryFormatName = (name: RegistryName) => `registry-${name}`
export const PAGE_FORMAT = 'page-markdown'

export type SiteEditorSettings = {
  /** The GitHub repository, owner/name. */
  repository: string
  /** The branch the site is built from. */
  branch: string
  /**
   * The address of another service that signs staff in with GitHub (Decap's
   * external OAuth protocol, at <address>/auth), for hosts without the
   * site's own (SIGN_IN_START_PATH on Cloudflare Pages).
   */
  authUrl?: string
  /**
   * What the editor asks GitHub for: `public_repo` (Decap's choice with open
   * authoring; enough for a public repository) or `repo` (a private one).
   */
  authScope?: 'public_repo' | 'repo'
  /**
   * GitHub's API (Decap's `api_root`): https://api.github.com unless set;
   * `npm run rehearse` sets its stand-in here.
   */
  apiRoot?: string
  /** The public site, for "view live" links. */
  siteUrl?: string
  /** The bureau's name, on the sign-in screen. */
  siteName?: string
}

/** Decap's whole configuration for the GitHub backend with the editorial workflow. */
export function siteEditorConfig(settings: SiteEditorSettings): CmsConfig {
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: settings.repository,
      branch: settings.branch,
      ...(settings.apiRoot ? { api_root: settings.apiRoot } : {}),
      // The sign-in service: the site's own (functions/sign-in.ts, at
      // /api/auth on the origin the editor is opened from; main.tsx adds
      // that origin), or another service the build is told of.
      ...(settings.authUrl
        ? { base_url: settings.authUrl }
        : { auth_endpoint: SIGN_IN_START_PATH.slice(1) }),
      ...(settings.authScope ? { auth_scope: settings.authScope } : {}),
      // People without write access work in a fork; their saves open pull requests.
      open_authoring: true,
      squash_merges: true,
    },
    // Every save is a pull request; publishing merges it.
    publish_mode: 'editorial_workflow',
    // Nothing is uploaded: documents and videos are linked by address.
    media_folder: `${CONTENT_PATH}/uploads`,
    ...(settings.siteUrl ? { site_url: settings.siteUrl, display_url: settings.siteUrl } : {}),
    show_preview_links: false,
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: editorCollections(),
  }
}

/** The collections: pages, then one per registry, in the order of fields.ts. */
export function editorCollections(): CmsCollection[] {
  const names = COLLECTIONS.map((c) => c.name)
  const missing = ['pages', MEETINGS_FOLDER, ...REGISTRY_NAMES].filter(
    (n) => !names.includes(n as never)
  )
  if (missing.length)
    throw new Error(`site-editor/fields.ts: COLLECTIONS has no entry for ${missing.join(', ')}`)
  return [
    ...COLLECTIONS.map(({ name, label, singular, description }) =>
      name === 'pages'
        ? pagesCollection(label, singular, description)
        : name === MEETINGS_FOLDER
          ? meetingsCollection(label, description)
          : registryCollection(name, label, description)
    ),
    captionsCollection(),
  ]
}

function pagesCollection(label: string, singular: string, description: string): CmsCollection {
  if (pageSpec.kind !== 'object') throw new Error('a page is a group of fields')
  return {
    name: 'pages',
    label,
    label_singular: singular,
    description,
    folder: `${CONTENT_PATH}/pages`,
    extension: 'md',
    format: PAGE_FORMAT,
    create: true,
    // A page may be deleted; the site check refuses the deletion when
    // another page, a menu or a tile still links to it (checked-backend.ts).
    delete: true,
    slug: '{{route}}',
    identifier_field: 'title',
    summary: '{{title}} ({{route}})',
    sortable_fields: ['title', 'route'],
    fields: [
      ...hiddenFields(),
      ...pageSpec.fields.map((f) => fieldFor(f, 'page', 'page')),
      { name: 'body', ...words(textFor('page.body', 'page')), widget: 'text', required: false },
    ],
  }
}

function registryCollection(name: RegistryName, label: string, description: string): CmsCollection {
  const spec = registrySpec(name)
  const fields =
    spec.kind === 'object'
      ? spec.fields.map((f) => fieldFor(f, name, name))
      : [{ name: LIST_FIELD, ...words(textFor(name, name)), ...widgetFor(spec, name, name) }]
  return {
    name,
    label,
    description,
    format: registryFormatName(name),
    delete: false,
    files: [
      {
        name,
        label,
        file: `${CONTENT_PATH}/data/${name}.yaml`,
        fields: [...hiddenFields(), ...fields],
      },
    ],
  }
}

/**
 * The meeting records: one file per year in content/data/meetings, each a
 * list of documents edited as documents.yaml is. A new year's file is
 * started on GitHub (content/README.md): Decap names a new file from a
 * field, and these files have none to spare.
 */
function meetingsCollection(label: string, description: string): CmsCollection {
  return {
    name: MEETINGS_FOLDER,
    label,
    description,
    folder: `${CONTENT_PATH}/data/${MEETINGS_FOLDER}`,
    extension: 'yaml',
    format: registryFormatName('documents'),
    create: false,
    delete: false,
    summary: '{{filename}}',
    sortable_fields: [],
    fields: [
      ...hiddenFields(),
      {
        name: LIST_FIELD,
        ...words(textFor(MEETINGS_FOLDER, MEETINGS_FOLDER)),
        ...widgetFor(meetingsSpec, MEETINGS_FOLDER, MEETINGS_FOLDER),
      },
    ],
  }
}

/**
 * The captions files, hidden from the menu: the preview reads them to check
 * the videos' captions as the build does.
 */
function captionsCollection(): CmsCollection {
  return {
    name: 'captions',
    label: 'Captions',
    hide: true,
    create: false,
    delete: false,
    folder: `${CONTENT_PATH}/captions`,
    extension: 'vtt',
    format: captionsFormat.name,
    identifier_field: 'body',
    fields: [{ name: 'body', label: 'Captions', widget: 'text' }],
  }
}

/** What a file carries that is not edited: its top comment and its own quoting, written back as they were. */
function hiddenFields(): CmsField[] {
  return [
    {
      name: COMMENT_FIELD,
      label: 'Comment at the top of the file',
      widget: 'hidden',
      required: false,
    },
    { name: QUOTES_FIELD, label: 'Quotes the file keeps', widget: 'hidden', required: false },
  ]
}

// ------------------------------------------------------------------ words

function textFor(path: string, root: string): FieldText {
  const last = path.split('.').at(-1)
  const text = FIELD_TEXT[path] ?? FIELD_TEXT[`${root}.${last}`]
  if (!text)
    throw new Error(
      `site-editor/fields.ts: the field "${path}" has no label. Add one (with a hint for staff) so the editor shows it.`
    )
  return text
}

function variantText(path: string, root: string, variant: string): FieldText {
  const text = FIELD_TEXT[`${path}#${variant}`] ?? FIELD_TEXT[`${root}#${variant}`]
  if (!text)
    throw new Error(
      `site-editor/fields.ts: the kind "${variant}" of "${path}" has no label. Add one.`
    )
  return text
}

/** A field's words as Decap names them. */
function words({ label, hint, singular }: FieldText) {
  return { label, ...(hint ? { hint } : {}), ...(singular ? { label_singular: singular } : {}) }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

// ------------------------------------------------------------------ rules

/** A pattern that checks a text's length as the schema does (after trimming, when it trims). */
export function lengthPattern(spec: TextSpec): string | undefined {
  const { minLength: min, maxLength: max } = spec
  if (min === undefined && max === undefined) return undefined
  if (!spec.trim) return `^[\\s\\S]{${min ?? 0},${max ?? ''}}$`
  // Trimmed text: starts and ends with a visible character, between min and max long.
  const low = Math.max((min ?? 1) - 2, 0)
  const high = max === undefined ? '' : String(max - 2)
  if ((min ?? 1) <= 1)
    return max === 1 ? '^\\s*\\S\\s*$' : `^\\s*\\S(?:[\\s\\S]{0,${high}}\\S)?\\s*$`
  return `^\\s*\\S[\\s\\S]{${low},${high}}\\S\\s*$`
}

function lengthMessage(spec: TextSpec): string {
  const { minLength: min, maxLength: max } = spec
  if (min !== undefined && min === max) return `should be exactly ${min} characters long`
  if (max !== undefined && (min ?? 1) <= 1) return `should be at most ${max} characters long`
  if (max !== undefined) return `should be ${min} to ${max} characters long`
  return `should be at least ${min} characters long`
}

/** One pattern for all of a text's rules: each rule must match the whole text. */
export function textPattern(spec: TextSpec): [string, string] | undefined {
  const parts: { source: string; message: string }[] = spec.rules.map((rule) => ({
    source: rule.pattern.source,
    message: rule.message,
  }))
  const length = lengthPattern(spec)
  if (length) parts.push({ source: length, message: lengthMessage(spec) })
  if (parts.length === 0) return undefined
  const all =
    parts.length === 1 ? parts[0]!.source : `^${parts.map((p) => `(?=${p.source})`).join('')}`
  // An optional field left blank is left out of the file: blank is fine.
  const source = spec.optional ? `^\\s*$|${all}` : all
  // Shown after the field's name: "Id should be an id such as budget-2019 (lower case, hyphens)."
  return [source, `${parts.map((p) => p.message).join(', and ')}.`]
}

/** Amounts of money: dollars, and cents if any. */
export const MONEY_PATTERN: [string, string] = [
  '^\\d+(\\.\\d{1,2})?$',
  'should be an amount in dollars, with at most two digits of cents, such as 45.00.',
]

// ---------------------------------------------------------------- relations

type Relation = {
  collection: string
  file?: string
  value: string
  search: string[]
  display: string[]
}

const listRelation = (collection: string, label: string): Relation => ({
  collection,
  file: collection,
  value: `${LIST_FIELD}.*.id`,
  search: [`${LIST_FIELD}.*.id`, `${LIST_FIELD}.*.${label}`],
  display: [`${LIST_FIELD}.*.${label}`],
})
const DOCUMENT = listRelation('documents', 'title')
const LINK = listRelation('links', 'label')
const PAGE: Relation = {
  collection: 'pages',
  value: 'route',
  search: ['title', 'route'],
  display: ['title'],
}

/** Fields that hold the id of another entry: chosen from a list of those entries. */
export const RELATIONS: Record<string, Relation> = {
  'fees.cardFees.ordinance': DOCUMENT,
  'navigation.main.route': PAGE,
  'navigation.main.link': LINK,
  'navigation.main.items.route': PAGE,
  'navigation.main.items.link': LINK,
  'navigation.footer.route': PAGE,
  'navigation.footer.link': LINK,
  'navigation.district.route': PAGE,
  'navigation.district.link': LINK,
  'page.tiles.value.route': PAGE,
  'page.tiles.value.link': LINK,
  'page.tiles.value.document': DOCUMENT,
}

// ------------------------------------------------------------------ fields

/** The editor field of a schema field at `path` (e.g. fees.inspection.tiers). */
export function fieldFor({ name, spec }: FieldSpec, parent: string, root: string): CmsField {
  const path = `${parent}.${name}`
  const base = {
    name,
    ...words(textFor(path, root)),
    ...(spec.optional ? { required: false } : {}),
  }
  const relation = RELATIONS[path]
  if (relation) {
    if (spec.kind !== 'text') throw new Error(`site-editor/config.ts: ${path} is not an id`)
    return {
      ...base,
      widget: 'relation',
      collection: relation.collection,
      ...(relation.file ? { file: relation.file } : {}),
      value_field: relation.value,
      search_fields: relation.search,
      display_fields: relation.display,
      options_length: 500,
    }
  }
  return { ...base, ...widgetFor(spec, path, root) }
}

function widgetFor(spec: Spec, path: string, root: string): WidgetOptions {
  switch (spec.kind) {
    case 'text':
      return textWidget(spec)
    case 'number':
      return numberWidget(spec)
    case 'boolean':
      return { widget: 'boolean', default: spec.default ?? false }
    case 'choice':
      return {
        widget: 'select',
        options: spec.values.map((value) => ({ label: choiceLabel(value), value })),
        // A choice of one (the form service) is made for you.
        ...(spec.values.length === 1 ? { default: spec.values[0] } : {}),
      }
    case 'object':
      return {
        widget: 'object',
        collapsed: false,
        fields: spec.fields.map((f) => fieldFor(f, path, root)),
      }
    case 'list':
      return listWidget(spec.item, path, root, spec.minItems)
    case 'record':
      return recordWidget(spec.key, spec.value, path, root)
    case 'union':
      throw new Error(`site-editor/config.ts: ${path} can take several shapes outside a list`)
  }
}

function textWidget(spec: TextSpec): WidgetOptions {
  // A day: typed as text (site-editor/day-widget.tsx says why), with the schema's rule.
  if (spec.format === 'date') return { widget: 'day', pattern: textPattern(spec) }
  const pattern = textPattern(spec)
  return {
    widget: spec.markdown || (spec.maxLength ?? 0) >= 300 ? 'text' : 'string',
    ...(pattern ? { pattern } : {}),
  }
}

function numberWidget(spec: NumberSpec): WidgetOptions {
  const money = spec.multipleOf === 0.01
  if (spec.multipleOf !== undefined && !money)
    throw new Error(`site-editor/config.ts: numbers must be whole, or amounts of money (0.01)`)
  return {
    widget: 'number',
    value_type: spec.integer ? 'int' : 'float',
    step: spec.integer ? 1 : money ? 0.01 : 0.1,
    ...(spec.minimum !== undefined ? { min: spec.minimum } : {}),
    ...(spec.maximum !== undefined ? { max: spec.maximum } : {}),
    ...(money ? { pattern: MONEY_PATTERN } : {}),
  }
}

function choiceLabel(value: string): string {
  return CHOICE_LABELS[value] ?? capitalized(value.replaceAll('-', ' '))
}

function listWidget(
  item: Spec,
  path: string,
  root: string,
  minItems: number | undefined
): WidgetOptions {
  const common = {
    widget: 'list',
    collapsed: !OPEN_LISTS.includes(path),
    // New entries where they show, in every list alike: a new document or
    // alert first, not after 80 others; a new menu item where the clerk looks.
    add_to_top: true,
    ...(minItems ? { min: minItems } : {}),
    ...((SUMMARIES[path] ?? SUMMARIES[root])
      ? { summary: SUMMARIES[path] ?? SUMMARIES[root] }
      : {}),
  }
  if (item.kind === 'object')
    return { ...common, fields: item.fields.map((f) => fieldFor(f, path, root)) }
  if (item.kind === 'union') return { ...common, ...typesFor(item, path, root, []) }
  throw new Error(
    `site-editor/config.ts: ${path} is a list of ${item.kind}, which the editor cannot show`
  )
}

/** A list whose entries each pick their shape: Decap's variable types, named by `_type`. */
function typesFor(spec: UnionSpec, path: string, root: string, lead: CmsField[]) {
  return {
    typeKey: TYPE_KEY,
    types: spec.variants.map((variant) => ({
      name: variant.name,
      ...words(variantText(path, root, variant.name)),
      widget: 'object',
      ...((SUMMARIES[path] ?? SUMMARIES[root])
        ? { summary: SUMMARIES[path] ?? SUMMARIES[root] }
        : {}),
      fields: [
        ...lead,
        ...(variant.spec.kind === 'object'
          ? variant.spec.fields.map((f) => fieldFor(f, path, root))
          : [fieldFor({ name: RECORD_VALUE, spec: variant.spec }, path, root)]),
      ],
    })),
  }
}

/** A map from ids to values, edited as a list of entries with an id. */
function recordWidget(key: TextSpec, value: Spec, path: string, root: string): WidgetOptions {
  const keyField = fieldFor({ name: RECORD_KEY, spec: key }, path, root)
  const common = {
    widget: 'list',
    collapsed: true,
    add_to_top: true,
    ...((SUMMARIES[path] ?? SUMMARIES[root])
      ? { summary: SUMMARIES[path] ?? SUMMARIES[root] }
      : {}),
  }
  if (value.kind === 'union') return { ...common, ...typesFor(value, path, root, [keyField]) }
  if (value.kind === 'object')
    return { ...common, fields: [keyField, ...value.fields.map((f) => fieldFor(f, path, root))] }
  return {
    ...common,
    fields: [keyField, fieldFor({ name: RECORD_VALUE, spec: value }, path, root)],
  }
}
