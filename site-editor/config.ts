import { COLLECTIONS } from '#site-editor/fields.ts'
import {
  captionsFormat,
  COMMENT_FIELD,
  meetingsSpec,
  pageSpec,
  QUOTES_FIELD,
  registrySpec,
} from '#site-editor/formats.ts'
import { fieldFor, listField, wordsFor, type CmsField } from '#site-editor/widgets.ts'
import { SIGN_IN_START_PATH } from '#lib/routes.ts'
import { MEETINGS_FOLDER, REGISTRY_NAMES, type RegistryName } from '#lib/content/source.ts'

// The editor's configuration (Decap CMS), made from the content schemas each
// time the editor starts: the backend, and a collection for the pages, for
// each registry and for the meeting records, whose fields (widgets.ts) have
// the schemas' rules. Rules the schemas check with code (an alert's last
// day after its first, a video address on its provider's host) cannot be
// fields' rules; the preview runs the content check and shows them.

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

/** Where the editor looks for Decap's local backend (npm run site-editor), on its own origin. */
export const LOCAL_BACKEND_PATH = '/api/v1'

/** Where the site's content lives in the repository. */
export const CONTENT_PATH = 'content'

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
      { name: 'body', ...wordsFor('page.body', 'page'), widget: 'text', required: false },
    ],
  }
}

function registryCollection(name: RegistryName, label: string, description: string): CmsCollection {
  const spec = registrySpec(name)
  const fields =
    spec.kind === 'object'
      ? spec.fields.map((f) => fieldFor(f, name, name))
      : [listField(spec, name)]
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
    fields: [...hiddenFields(), listField(meetingsSpec, MEETINGS_FOLDER)],
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
