import type { Link, Root } from 'mdast'
import { failAt, plainText, walk } from '#lib/content/markdown/processor.ts'
import { TOP_ANCHOR, USER_CONTENT_PREFIX } from '#lib/content/markdown/processor.ts'
import type { MarkdownContext } from '#lib/content/markdown/processor.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import { documentHref } from '#lib/content/schemas.ts'
import { didYouMean } from '#lib/content/messages.ts'
import { documentCue, inlineLinkCue } from '#lib/labels.ts'
import { routeHref } from '#lib/routes.ts'

/** Checks a link and rewrites it to its address; true for in-page anchors, checked later. */
export function resolveLink(link: Link, ctx: MarkdownContext): boolean {
  const url = link.url
  if (url.startsWith('#')) return true
  if (url.startsWith('/')) {
    const [path = '', hash] = url.split('#', 2)
    const route = path.length > 1 ? path.replace(/\/$/, '') : path
    if (!ctx.routes.has(route))
      failAt(
        ctx,
        link,
        `links to "${url}", but no page has the route "${route}".${didYouMean(route, ctx.routes)}`
      )
    link.url =
      routeHref(route) + (hash ? `#${hash === TOP_ANCHOR ? hash : USER_CONTENT_PREFIX + hash}` : '')
    return false
  }
  const [, kind, id = ''] = /^([a-z]+):(.*)$/.exec(url) ?? []
  // Without registries (one has errors), links to their entries wait for the next check.
  const { registries } = ctx
  if (!registries && (kind === 'doc' || kind === 'link' || kind === 'video')) return false
  const unknown = (what: string, file: string, known: Iterable<string>): never =>
    failAt(
      ctx,
      link,
      `links to ${what} "${id}", which is not in content/data/${file}.${didYouMean(id, known)}`
    )
  switch (kind) {
    case 'doc': {
      const { documents } = registries!
      const doc = documents.get(id) ?? unknown('document', 'documents.yaml', documents.keys())
      link.url = documentHref(doc)
      appendCue(link, documentCue(doc), doc.language)
      return false
    }
    case 'link': {
      const { links } = registries!
      const entry = links.get(id) ?? unknown('the outside link', 'links.yaml', links.keys())
      link.url = entry.url
      appendCue(link, inlineLinkCue(entry), entry.language)
      return false
    }
    case 'video': {
      const { videos } = registries!
      const video = videos.get(id) ?? unknown('video', 'videos.yaml', videos.keys())
      link.url = video.url
      return false
    }
    default:
      return failAt(
        ctx,
        link,
        kind === 'http' || kind === 'https'
          ? `links straight to ${url}. Add the address to content/data/links.yaml and write (link:its-id), so every outside address is kept in one place and checked`
          : kind === 'mailto' || kind === 'tel'
            ? `has a ${kind} link. Write {{site:email}} or {{site:phone}} instead, so contact details come from content/data/site.yaml`
            : `has a link to "${url}" that the site cannot check. Use /route, #heading, doc:id, link:id or video:id`
      )
  }
}

/** Adds "(PDF)" or "(PDF, Spanish)" after a link's text, and hreflang when not English. */
function appendCue(link: Link, cue: string, language: string) {
  if (cue) link.children.push({ type: 'text', value: ` (${cue})` })
  if (language !== 'en') link.data = { ...link.data, hProperties: { hrefLang: language } }
}

export function resolveAnchor(link: Link, headings: ReadonlySet<string>, ctx: MarkdownContext) {
  const anchor = link.url.slice(1)
  if (anchor === TOP_ANCHOR) return
  if (!headings.has(anchor)) {
    const known = [...headings]
    failAt(
      ctx,
      link,
      `links to "#${anchor}", but no heading on this page has that link.${didYouMean(anchor, known)} Headings on this page: ${known.map((s) => '#' + s).join(', ') || 'none'}`
    )
  }
  link.url = `#${USER_CONTENT_PREFIX}${anchor}`
}

/** A heading's anchor: lower case, words joined by hyphens, tokens left out. */
function slugBase(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'section'
  )
}

/** Ids unique within a page, whatever the headings: "Tips", "Tips 1", "Tips" become tips, tips-1, tips-2. */
export class Slugger {
  readonly used = new Set<string>()

  slug(text: string): string {
    const base = slugBase(text)
    let id = base
    for (let n = 1; this.used.has(id); n++) id = `${base}-${n}`
    this.used.add(id)
    return id
  }
}

/** Sets every heading's id, refusing one used twice in a page (a link would reach only the first). */
export function assignHeadingIds(tree: Root, ctx: MarkdownContext, noted: ProblemList) {
  const slugger = new Slugger()
  const first = new Map<string, { text: string; line?: number }>()
  walk(tree, (node) => {
    if (node.type !== 'heading') return
    const text = plainText(node)
    const base = slugBase(text)
    const earlier = first.get(base)
    if (earlier) {
      const where = earlier.line ? ` on line ${earlier.line + ctx.lineOffset}` : ''
      noted.catch(() =>
        failAt(
          ctx,
          node,
          earlier.text === text
            ? `the heading "${text}" is already used${where} of this page. Give each heading its own words, so each has its own link.`
            : `the heading "${text}" would get the same link (#${base}) as the heading "${earlier.text}"${where}. Give each heading its own words.`
        )
      )
    }
    first.set(base, { text, line: node.position?.start.line })
    const id = slugger.slug(text)
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
  })
  return slugger.used
}
