import matter from 'gray-matter'

// The one frontmatter splitter, for the content check and the site editor
// (site-editor/formats.ts), so both cut a page file at the same place.
// gray-matter only splits: the YAML is parsed by lib/content/yaml.ts (the
// check, with lines) and the editor's writer, never by gray-matter's YAML 1.1.

/** A page file cut in two: the YAML between the `---` lines, and the Markdown after them. */
export type PageParts = {
  /** The lines between the `---` lines, each with its line end; YAML line n is file line n + 1. */
  yaml: string
  body: string
  /** Lines above the body in the file. */
  bodyLine: number
}

/** Splits a page file, or undefined when it does not start with a `---` line. */
export function splitFrontmatter(text: string): PageParts | undefined {
  if (!/^---\r?\n/.test(text)) return undefined
  const split = matter(text, { engines: { yaml: () => ({}) } })
  return {
    yaml: split.matter && `${split.matter.replace(/^\r?\n/, '')}\n`,
    body: split.content,
    bodyLine: text.slice(0, text.length - split.content.length).split('\n').length - 1,
  }
}
