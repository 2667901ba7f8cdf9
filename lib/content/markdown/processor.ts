import { defaultSchema } from 'hast-util-sanitize'
import type { Root, RootContent } from 'mdast'
import { remark } from 'remark'
import remarkGfm from 'remark-gfm'
import remarkHtml from 'remark-html'

// Sanitizing must stay on: GitHub's schema removes raw HTML (scripts, iframes, event
// handlers) and prefixes ids with `user-content-`; tel: is added so phones can be tapped.
const schema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), 'tel'],
  },
}

const processor = remark().use(remarkGfm).use(remarkHtml, { sanitize: schema })

/** The id prefix the sanitizer puts on every id written in Markdown. */
export const USER_CONTENT_PREFIX = 'user-content-'

/** In-page links to `#top` go to the page heading, which carries this id. */
export const TOP_ANCHOR = 'top'

export function parseMarkdown(markdown: string): Root {
  return processor.runSync(processor.parse(markdown)) as Root
}

export function toHtml(nodes: RootContent[]): string {
  return String(processor.stringify({ type: 'root', children: nodes })).trim()
}
