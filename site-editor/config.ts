import { COLLECTIONS, type ListWords } from '#site-editor/fields.ts'
import {
  captionsFormat,
  COMMENT_FIELD,
  MEETINGS_SHAPE,
  PAGE_SHAPE,
  QUOTES_FIELD,
  REGISTRY_SHAPES,
} from '#site-editor/formats.ts'
import { fieldFor, fieldsOf, LIST_FIELD } from '#site-editor/kinds.ts'
import type { Shape } from '#site-editor/shape.ts'
import { PREVIEW_CONTEXT } from '#site-editor/checks.ts'
import { SIGN_IN_START_PATH } from '#lib/routes.ts'
import { MEETINGS_FOLDER, REGISTRY_NAMES, type RegistryName } from '#lib/content/source.ts'

// The editor's Decap configuration, made from the content schemas: the
// backend, and a collection for the pages, each registry and the meeting records.

type CmsCollection = { name: string; label: string; [option: string]: unknown }

/** Where the editor looks for Decap's local backend (npm run site-editor), on its own origin. */
export const LOCAL_BACKEND_PATH = '/api/v1'
export const CONTENT_PATH = 'content'

/** The editor's format names (Decap custom formats, registered in main.tsx). */
export const registryFormatName = (name: RegistryName) => `registry-${name}`
export const PAGE_FORMAT = 'page-markdown'

export type SiteEditorSettings = {
  /** The GitHub repository, owner/name, and the branch the site is built from. */
  repository: string
  branch: string
  /** Another sign-in service (Decap's external OAuth, at <address>/auth), for hosts without the site's own. */
  authUrl?: string
  authScope?: 'public_repo' | 'repo'
  /** GitHub's API (Decap's `api_root`); `npm run rehearse` sets its stand-in here. */
  apiRoot?: string
  /** The public site, for "view live" links, and the bureau's name, on the sign-in screen. */
  siteUrl?: string
  siteName?: string
}

export function siteEditorConfig(settings: SiteEditorSettings) {
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: settings.repository,
      branch: settings.branch,
      ...(settings.apiRoot ? { api_root: settings.apiRoot } : {}),
      // The site's own sign-in service (functions/sign-in.ts; main.tsx adds the origin), or another.
      ...(settings.authUrl
        ? { base_url: settings.authUrl }
        : { auth_endpoint: SIGN_IN_START_PATH.slice(1) }),
      ...(settings.authScope ? { auth_scope: settings.authScope } : {}),
      // People without write access work in a fork; their saves open pull requests.
      open_authoring: true,
      squash_merges: true,
      // The commit status each pull request's preview posts its address in (preview.yml).
      preview_context: PREVIEW_CONTEXT,
    },
    publish_mode: 'editorial_workflow',
    // Nothing is uploaded: documents and videos are linked by address.
    media_folder: `${CONTENT_PATH}/uploads`,
    // No site_url: Decap's "View Live" crashes on a file entry not yet loaded (the top bar's site link is main.tsx's).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: editorCollections(),
  }
}

/** The Markdown text of a page, below its fields. */
const PAGE_TEXT = {
  name: 'body',
  label: 'Text',
  hint: 'In Markdown, as described in content/README.md. Headings start at ##. The preview shows the page.',
  widget: 'text',
  required: false,
}

/** What a file carries that is not edited: its top comment and its own quoting, written back as they were. */
const HIDDEN_FIELDS = [
  [COMMENT_FIELD, 'Comment at the top of the file'],
  [QUOTES_FIELD, 'Quotes the file keeps'],
].map(([name, label]) => ({ name, label, widget: 'hidden', required: false }))

/** The collections in the order of fields.ts, and the captions files, hidden: the preview checks videos against them. */
export function editorCollections(): CmsCollection[] {
  for (const name of ['pages', MEETINGS_FOLDER, ...REGISTRY_NAMES])
    if (!COLLECTIONS.some((c) => c.name === name))
      throw new Error(`site-editor/fields.ts: COLLECTIONS has no entry for ${name}`)
  return [
    ...COLLECTIONS.map(({ name, label, description, list }): CmsCollection => {
      /** A file that is one list: its list, with the words of fields.ts. */
      const { label: title = label, hint, singular, summary }: ListWords = list ?? {}
      const listOf = (shape: Shape) =>
        fieldFor(LIST_FIELD, { ...shape, title, description: hint, singular, summary }, name)
      if (name === 'pages')
        return {
          name,
          label,
          label_singular: 'Page',
          description,
          folder: `${CONTENT_PATH}/pages`,
          extension: 'md',
          format: PAGE_FORMAT,
          create: true,
          // The site check refuses deleting a page something still links to (backend.ts).
          delete: true,
          slug: '{{route}}',
          identifier_field: 'title',
          summary: '{{title}} ({{route}})',
          sortable_fields: ['title', 'route'],
          // "View preview" opens the page itself; the other collections' entries show on many
          // pages: theirs opens the home page, and "What will change" links each page changed.
          preview_path: '{{fields.route}}/',
          preview_path_preserve_slashes: true,
          fields: [...HIDDEN_FIELDS, ...fieldsOf(PAGE_SHAPE, 'page'), PAGE_TEXT],
        }
      // One file per year, a list edited as documents.yaml is. A new year's file is started on
      // GitHub (content/README.md): Decap names a new file from a field, and these have none to spare.
      if (name === MEETINGS_FOLDER)
        return {
          name,
          label,
          description,
          folder: `${CONTENT_PATH}/data/${MEETINGS_FOLDER}`,
          extension: 'yaml',
          format: registryFormatName('documents'),
          create: false,
          delete: false,
          summary: '{{filename}}',
          // The year's records are the entry (Decap looks for a field to call its title).
          identifier_field: LIST_FIELD,
          // Newest year first, by its records' year (each is its file's: the content check says so).
          sortable_fields: [{ field: `${LIST_FIELD}.0.year`, default_sort: 'desc' }],
          fields: [...HIDDEN_FIELDS, listOf(MEETINGS_SHAPE)],
        }
      const shape = REGISTRY_SHAPES[name]
      const fields = list ? [listOf(shape)] : fieldsOf(shape, name)
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
            fields: [...HIDDEN_FIELDS, ...fields],
          },
        ],
      }
    }),
    {
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
    },
  ]
}
