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

export type ContentSource = {
  /** The content folder as staff see it: content */
  root: string
  /** content/pages/*.md, sorted by path. */
  pages: SourceFile[]
  /** content/data/<name>.yaml; a missing one is an error. */
  registries: Partial<Record<RegistryName, SourceFile>>
  /** content/captions/*.vtt: captions files the videos may name. */
  captions: SourceFile[]
}

/** The path of a registry file within a content folder shown as `contentPath`. */
export function registryPath(contentPath: string, name: RegistryName): string {
  return `${contentPath}/data/${name}.yaml`
}
