/** The only place HTML is injected: the Markdown pipeline's, already sanitized. */
export function MarkdownBody({ html }: { html: string }) {
  return <div className="prose-site" dangerouslySetInnerHTML={{ __html: html }} />
}
