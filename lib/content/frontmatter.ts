import matter from 'gray-matter'

// The one frontmatter splitter, for the content check and the site editor, so both cut a
// page file at the same place. gray-matter only splits: its YAML 1.1 parser is never used.

/** The YAML between the `---` lines (its line n is file line n + 1), the body and the lines above it. */
export function splitFrontmatter(text: string) {
  if (!/^---\r?\n/.test(text)) return undefined
  const split = matter(text, { engines: { yaml: () => ({}) } })
  return {
    yaml: split.matter && `${split.matter.replace(/^\r?\n/, '')}\n`,
    body: split.content,
    bodyLine: text.slice(0, text.length - split.content.length).split('\n').length - 1,
  }
}
