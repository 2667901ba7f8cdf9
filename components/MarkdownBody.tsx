type MarkdownBodyProps = {
  /** HTML produced by lib/content/markdown/, already sanitized by remark-html. */
  html: string
}

/**
 * The only place in the site where HTML is injected. The HTML comes from the
 * Markdown pipeline, which sanitizes it (no scripts, iframes or event
 * handlers); embeds are rendered by typed components instead.
 */
export function MarkdownBody({ html }: MarkdownBodyProps) {
  return <div className="prose-site" dangerouslySetInnerHTML={{ __html: html }} />
}
