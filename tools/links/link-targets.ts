import { groupUses, type LinkTarget, type LinkUse } from '#tools/links/link-check.ts'
import type { ContentSource } from '#lib/content/source.ts'
import { checkContent } from '#lib/content/index.ts'
import { parseYamlWithLines } from '#lib/content/yaml.ts'

/** The registry files that hold outside addresses (pages may only refer to them by id). */
const WITH_ADDRESSES = ['documents', 'links', 'videos', 'forms'] as const

/**
 * Every outside address the content uses, one target per distinct address
 * with every file, line and id that uses it. Pages cannot hold outside
 * addresses themselves (the content check refuses them), so the registries
 * hold them all, with the yearly files of meeting records. Each file is
 * read as written.
 */
export function collectTargets(source: ContentSource): LinkTarget[] {
  if (!checkContent(source).content)
    throw new Error('The content has errors: run npm run check:content and fix them first.')
  const uses: (LinkUse & { url: string })[] = []
  const files = [...WITH_ADDRESSES.map((name) => source.registries[name]!), ...source.meetings]
  for (const file of files) {
    const yaml = parseYamlWithLines(file.text, file.path)
    const entries = (Array.isArray(yaml.data) ? yaml.data : []) as { id: string; url: string }[]
    entries.forEach((entry, i) => {
      uses.push({ url: entry.url, file: file.path, line: yaml.lineOf([i, 'url']), id: entry.id })
    })
  }
  return groupUses(uses)
}
