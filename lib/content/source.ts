import type { RegistryName } from '#lib/content/registries.ts'

// The content as text, before it is checked: from content/ on the build machine
// (disk.ts), or from what the site editor holds in the browser.

export { REGISTRY_NAMES, type RegistryName } from '#lib/content/registries.ts'
export { CAPTIONS_FILE } from '#lib/content/schemas.ts'

/** A file, with its path as staff see it (content/data/fees.yaml). */
export type SourceFile = { path: string; text: string }

export type RefusedFile = { path: string; message: string }

export const PAGE_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.md$/
/** content/data/meetings holds the Board's meeting records, one file per year (2026.yaml). */
export const MEETINGS_FOLDER = 'meetings'
export const MEETINGS_FILE = /^\d{4}\.yaml$/

export type ContentSource = {
  root: string
  pages: SourceFile[]
  registries: Partial<Record<RegistryName, SourceFile>>
  captions: SourceFile[]
  meetings: SourceFile[]
  /** Everything else found in the content folder: each is an error. */
  refused: RefusedFile[]
  /** Files computers make for themselves (Thumbs.db): each a notice. */
  ignored?: RefusedFile[]
}

export function registryPath(contentPath: string, name: RegistryName): string {
  return `${contentPath}/data/${name}.yaml`
}
