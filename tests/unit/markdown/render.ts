import { expect } from 'vitest'
import type { Block } from '#lib/content/blocks.ts'
import { renderMarkdown, type MarkdownContext } from '#lib/content/markdown/index.ts'
import { ContentError } from '#lib/content/problems.ts'
import { fixture, registries } from '../../components/fixture-content.ts'

// Renders Markdown against the test content, as if it were the body of
// pages/test.md starting on line 6 of that file.
export const ctx: MarkdownContext = {
  file: 'pages/test.md',
  lineOffset: 5,
  routes: new Set(fixture.pages.map((p) => p.route)),
  registries,
  pages: fixture.pages.map(({ route, title, description, section }) => ({
    route,
    title,
    description,
    section,
  })),
  tiles: { main: [{ label: 'Fees', route: '/fees', newTab: false }] },
  captionGaps: [],
  today: '2026-11-27',
}

export const render = (markdown: string, extra: Partial<MarkdownContext> = {}): Block[] =>
  renderMarkdown(markdown, { ...ctx, ...extra })

/** The HTML of the text blocks, with embeds shown as [kind]. */
export const html = (markdown: string): string =>
  render(markdown)
    .map((b) => (b.kind === 'html' ? b.html : `[${b.kind}]`))
    .join('\n')

/** The message of the content error the Markdown raises. */
export const errorOf = (markdown: string): string => {
  try {
    render(markdown)
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return (error as Error).message
  }
  throw new Error('expected a content error')
}
