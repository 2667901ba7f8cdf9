// The content as text, before it is checked: what checkContent() reads.
// On the build machine it comes from content/ (disk.ts); the editor's
// preview in the browser builds it from what the editor holds.

/** The registry files in content/data, in the order they are checked. */
export const REGISTRY_NAMES = [
  'site',
  'navigation',
  'documents',
  'videos',
  'forms',
  'links',
  'fees',
  'facts',
  'holidays',
  'alerts',
] as const
export type RegistryName = (typeof REGISTRY_NAMES)[number]

export type SourceFile = {
  /** The path staff see, relative to the repository: content/data/fees.yaml */
  path: string
  text: string
}

/** A file in the content folder that the site cannot use, and why (an error of the check). */
export type RefusedFile = { path: string; message: string }

/** The name of a page file in content/pages: lower-case words joined by hyphens, .md. */
export const PAGE_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.md$/
/** A year's file of meeting records in content/data/meetings: 2026.yaml. */
export const MEETINGS_FILE = /^\d{4}\.yaml$/
/** The folder of the meeting records, one file per year, in content/data. */
export const MEETINGS_FOLDER = 'meetings'

/** The name of a captions file in content/captions: lower-case words joined by hyphens, .vtt. */
export const CAPTIONS_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.vtt$/

export type ContentSource = {
  /** The content folder as staff see it: content */
  root: string
  /** content/pages/*.md, sorted by path. */
  pages: SourceFile[]
  /** content/data/<name>.yaml; a missing one is an error. */
  registries: Partial<Record<RegistryName, SourceFile>>
  /** content/captions/*.vtt: captions files the videos may name. */
  captions: SourceFile[]
  /**
   * content/data/meetings/<year>.yaml: the Board's meeting records (agendas,
   * minutes, reports), documents kept one file per year, so each stays
   * small enough for the site editor to open quickly.
   */
  meetings: SourceFile[]
  /** Everything else found in the content folder: each is an error. */
  refused: RefusedFile[]
  /** Files computers make for themselves (Thumbs.db): never read or published, each a notice. */
  ignored?: RefusedFile[]
}

/** The path of a registry file within a content folder shown as `contentPath`. */
export function registryPath(contentPath: string, name: RegistryName): string {
  return `${contentPath}/data/${name}.yaml`
}
