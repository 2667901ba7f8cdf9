import { defaultSchema } from 'hast-util-sanitize'
import type { Link, Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast'
import { remark } from 'remark'
import remarkGfm from 'remark-gfm'
import remarkHtml from 'remark-html'
import { ContentError } from '@/lib/content/errors'
import type { Registries } from '@/lib/content/registries'
import { documentKinds, type DocumentEntry, type PageFrontmatter } from '@/lib/content/schemas'
import { formatDate } from '@/lib/dates'
import { cardFeeLabel, tierLabel } from '@/lib/fees'
import { formatMoney } from '@/lib/money'
import { fileTypeLabel, languageName, phoneText } from '@/lib/labels'
import { routeHref } from '@/lib/routes'

/**
 * A page body is a list of blocks: sanitized HTML from the Markdown, and the
 * typed embeds that directive lines (`@video fire-is-fast`) ask for.
 */
export type Block =
  | { kind: 'html'; html: string }
  | { kind: 'video'; id: string }
  | { kind: 'form'; id: string }
  | { kind: 'documents'; ids: string[] }
  | { kind: 'document-list'; kinds: DocumentEntry['kind'][]; headingLevel: 2 | 3 | 4 }
  | { kind: 'fees'; schedule: 'inspection' | 'card' }
  | { kind: 'links'; ids: string[] }
  | { kind: 'tiles'; group: string }
  | { kind: 'contact' }
  | { kind: 'diagram'; id: DiagramId }
  | { kind: 'page-index' }
  | { kind: 'estimator' }
  | { kind: 'search' }

export const diagramIds = ['smoke-alarm-levels', 'smoke-alarm-ceiling'] as const
export type DiagramId = (typeof diagramIds)[number]

export type MarkdownContext = {
  /** The file being rendered, for error messages. */
  file: string
  /** Lines above the Markdown body (the frontmatter), so errors give file lines. */
  lineOffset: number
  /** Every route the site publishes. */
  routes: ReadonlySet<string>
  registries: Registries
  frontmatter: Pick<PageFrontmatter, 'tiles'>
}

// Sanitizing is deliberate and must stay on: remark-html's default schema
// (GitHub's) removes raw HTML (scripts, iframes, event handlers) and prefixes
// ids with `user-content-`. The only addition is the tel: protocol, so phone
// numbers can be tapped. Embeds go through directive lines and typed components.
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

const DIRECTIVE = /^@([a-z-]+)(?:[ \t]+(.*))?$/
const TOKEN = /\{\{\s*([a-z-]+):([a-z0-9-]+)\s*\}\}/g

/** Turns a page's Markdown into blocks, checking every reference on the way. */
export function renderMarkdown(markdown: string, ctx: MarkdownContext): Block[] {
  const tree = processor.runSync(processor.parse(markdown)) as Root
  const fail = (
    node: { position?: { start: { line: number } } } | undefined,
    problem: string
  ): never => {
    throw new ContentError({
      file: ctx.file,
      line: node?.position ? node.position.start.line + ctx.lineOffset : undefined,
      problem,
    })
  }

  const slugs = new Slugger()
  const anchorLinks: Link[] = []
  walk(tree, (node) => {
    if (node.type === 'heading') {
      const id = slugs.slug(plainText(node))
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
    } else if (node.type === 'image' || node.type === 'imageReference') {
      fail(
        node,
        'has an image in the page text; images are not supported there (use a diagram or a document)'
      )
    } else if (node.type === 'link') {
      if (resolveLink(node, ctx, fail)) anchorLinks.push(node)
    } else if (node.type === 'definition') {
      fail(node, 'has a link reference definition; write links inline as [text](address)')
    }
  })
  // Tokens can add links (mailto, tel), so they run after links are checked.
  replaceTokens(tree, ctx, fail)
  for (const link of anchorLinks) {
    const anchor = link.url.slice(1)
    if (anchor === TOP_ANCHOR) continue
    if (!slugs.has(anchor)) {
      fail(
        link,
        `links to "#${anchor}", but no heading on this page has that anchor (headings: ${[...slugs.all()].map((s) => '#' + s).join(', ') || 'none'})`
      )
    }
    link.url = `#${USER_CONTENT_PREFIX}${anchor}`
  }

  const blocks: Block[] = []
  let pending: RootContent[] = []
  const flush = () => {
    if (pending.length === 0) return
    const html = String(processor.stringify({ type: 'root', children: pending })).trim()
    if (html) blocks.push({ kind: 'html', html })
    pending = []
  }
  // Lists that carry their own headings nest under the text's last heading.
  let lastHeading = 1
  for (const node of tree.children) {
    const directive = node.type === 'paragraph' ? directiveOf(node) : null
    if (node.type === 'heading') lastHeading = node.depth
    if (directive) {
      flush()
      const block = directiveBlock(directive.name, directive.args, node as Paragraph, ctx, fail)
      blocks.push(
        block.kind === 'document-list'
          ? { ...block, headingLevel: Math.min(lastHeading + 1, 4) as 2 | 3 | 4 }
          : block
      )
    } else {
      pending.push(node)
    }
  }
  flush()
  return blocks
}

type Fail = (node: { position?: { start: { line: number } } } | undefined, problem: string) => never

function directiveOf(node: Paragraph): { name: string; args: string[] } | null {
  const only = node.children.length === 1 ? node.children[0] : undefined
  if (!only || only.type !== 'text') return null
  const match = DIRECTIVE.exec(only.value.trim())
  if (!match) return null
  return { name: match[1]!, args: (match[2] ?? '').split(/\s+/).filter(Boolean) }
}

function directiveBlock(
  name: string,
  args: string[],
  node: Paragraph,
  ctx: MarkdownContext,
  fail: Fail
): Block {
  const { registries } = ctx
  const needIds = (
    registry: ReadonlyMap<string, unknown>,
    file: string,
    many: boolean
  ): string[] => {
    if (args.length === 0)
      fail(node, `"@${name}" needs ${many ? 'one or more ids' : 'an id'} from content/data/${file}`)
    if (!many && args.length > 1)
      fail(node, `"@${name}" takes one id, found ${args.length}: ${args.join(' ')}`)
    for (const id of args) {
      if (!registry.has(id))
        fail(node, `"@${name}" refers to unknown id "${id}"; it is not in content/data/${file}`)
    }
    return args
  }
  switch (name) {
    case 'video':
      return { kind: 'video', id: needIds(registries.videos, 'videos.yaml', false)[0]! }
    case 'form':
      return { kind: 'form', id: needIds(registries.forms, 'forms.yaml', false)[0]! }
    case 'document':
      return { kind: 'documents', ids: needIds(registries.documents, 'documents.yaml', true) }
    case 'links':
      return { kind: 'links', ids: needIds(registries.links, 'links.yaml', true) }
    case 'documents': {
      if (args.length === 0)
        fail(node, `"@documents" needs one or more kinds: ${documentKinds.join(', ')}`)
      for (const kind of args) {
        if (!(documentKinds as readonly string[]).includes(kind)) {
          fail(
            node,
            `"@documents" names unknown kind "${kind}"; known kinds: ${documentKinds.join(', ')}`
          )
        }
      }
      return { kind: 'document-list', kinds: args as DocumentEntry['kind'][], headingLevel: 2 }
    }
    case 'fees': {
      const schedule = args[0]
      if (args.length !== 1 || (schedule !== 'inspection' && schedule !== 'card')) {
        fail(node, '"@fees" takes one of: inspection, card')
      }
      return { kind: 'fees', schedule: schedule as 'inspection' | 'card' }
    }
    case 'tiles': {
      const group = args[0]
      if (args.length !== 1 || !group) fail(node, '"@tiles" takes the name of one tile group')
      if (!ctx.frontmatter.tiles?.[group!]) {
        fail(
          node,
          `"@tiles ${group}" names a group that is not under "tiles" in this page's frontmatter`
        )
      }
      return { kind: 'tiles', group: group! }
    }
    case 'diagram': {
      const id = args[0] as DiagramId
      if (args.length !== 1 || !diagramIds.includes(id)) {
        fail(node, `"@diagram" takes one of: ${diagramIds.join(', ')}`)
      }
      if (typeof registries.facts['ceiling-distance'] !== 'string') {
        fail(node, '"@diagram" needs the text fact "ceiling-distance" in content/data/facts.yaml')
      }
      return { kind: 'diagram', id }
    }
    case 'contact':
    case 'page-index':
    case 'estimator':
    case 'search':
      if (args.length) fail(node, `"@${name}" takes nothing after it`)
      return { kind: name }
    default:
      return fail(
        node,
        `has an unknown directive "@${name}"; use one of @video, @form, @document, @documents, @fees, @links, @tiles, @diagram, @contact, @page-index, @estimator, @search`
      )
  }
}

/**
 * Checks a Markdown link and rewrites it to its published address. Returns
 * true for in-page anchors, which are checked once all headings are known.
 */
function resolveLink(link: Link, ctx: MarkdownContext, fail: Fail): boolean {
  const url = link.url
  if (url.startsWith('#')) return true
  if (url.startsWith('/')) {
    const [path = '', hash] = url.split('#', 2)
    const route = path.length > 1 ? path.replace(/\/$/, '') : path
    if (!ctx.routes.has(route))
      fail(link, `links to "${url}", but no page has the route "${route}"`)
    link.url =
      routeHref(route) + (hash ? `#${hash === TOP_ANCHOR ? hash : USER_CONTENT_PREFIX + hash}` : '')
    return false
  }
  const scheme = /^([a-z]+):(.*)$/.exec(url)
  const [kind, id] = scheme ? [scheme[1], scheme[2]!] : [undefined, '']
  if (kind === 'doc') {
    const doc = ctx.registries.documents.get(id)
    if (!doc) fail(link, `links to document "${id}", which is not in content/data/documents.yaml`)
    link.url = doc!.url
    appendCue(link, fileTypeLabel(doc!.type), doc!.language)
    return false
  }
  if (kind === 'link') {
    const entry = ctx.registries.links.get(id)
    if (!entry) fail(link, `links to "${id}", which is not in content/data/links.yaml`)
    link.url = entry!.url
    appendCue(link, entry!.type === 'pdf' ? 'PDF' : undefined, entry!.language)
    return false
  }
  if (kind === 'video') {
    const video = ctx.registries.videos.get(id)
    if (!video) fail(link, `links to video "${id}", which is not in content/data/videos.yaml`)
    link.url = video!.url
    return false
  }
  if (kind === 'http' || kind === 'https') {
    return fail(
      link,
      `links straight to ${url}; add the address to content/data/links.yaml and write (link:its-id)`
    )
  }
  if (kind === 'mailto' || kind === 'tel') {
    return fail(
      link,
      `has a ${kind} link; write {{site:email}} or {{site:phone}} so contact details come from content/data/site.yaml`
    )
  }
  return fail(
    link,
    `has a link to "${url}" that the site cannot check; use /route, #heading, doc:id, link:id or video:id`
  )
}

/** Adds "(PDF)" or "(PDF, Spanish)" after a link's text, and hreflang when not English. */
function appendCue(link: Link, fileType: string | undefined, language: string) {
  const parts = [fileType, language !== 'en' ? languageName(language) : undefined].filter(Boolean)
  if (parts.length) link.children.push({ type: 'text', value: ` (${parts.join(', ')})` })
  if (language !== 'en') link.data = { ...link.data, hProperties: { hrefLang: language } }
}

/** Replaces {{fee:standard}}, {{fact:co-alarm-life}}, {{site:email}}... in text. */
function replaceTokens(tree: Root, ctx: MarkdownContext, fail: Fail) {
  walkParents(tree, (parent) => {
    const children = parent.children as PhrasingContent[]
    const out: PhrasingContent[] = []
    let changed = false
    for (const child of children) {
      if (child.type !== 'text' || !/\{\{|\}\}/.test(child.value)) {
        out.push(child)
        continue
      }
      changed = true
      // Text around and between tokens must hold no stray braces.
      const plain = (value: string) => {
        if (value.includes('{{') || value.includes('}}')) {
          fail(child, `has a "{{" or "}}" that is not a complete token such as {{fee:standard}}`)
        }
        if (value) out.push({ type: 'text', value })
      }
      let last = 0
      for (const match of child.value.matchAll(TOKEN)) {
        plain(child.value.slice(last, match.index))
        out.push(tokenValue(match[1]!, match[2]!, child, ctx, fail))
        last = match.index + match[0].length
      }
      plain(child.value.slice(last))
    }
    if (changed) parent.children = out as typeof parent.children
  })
}

function tokenValue(
  kind: string,
  id: string,
  node: Text,
  ctx: MarkdownContext,
  fail: Fail
): PhrasingContent {
  const { fees, facts, site } = ctx.registries
  const text = (value: string): Text => ({ type: 'text', value })
  const unknown = (file: string): never =>
    fail(node, `has the token {{${kind}:${id}}}, but "${id}" is not in content/data/${file}`)
  switch (kind) {
    case 'fee': {
      if (id === 'reinspection') return text(formatMoney(fees.inspection.reinspection))
      const tier = fees.inspection.tiers.find((t) => t.id === id)
      return tier ? text(formatMoney(tier.amount)) : unknown('fees.yaml')
    }
    case 'tier': {
      const tier = fees.inspection.tiers.find((t) => t.id === id)
      return tier ? text(tierLabel(tier)) : unknown('fees.yaml')
    }
    case 'card-fee': {
      const method = fees.cardFees.methods.find((m) => m.id === id)
      return method ? text(cardFeeLabel(method)) : unknown('fees.yaml')
    }
    case 'fact': {
      const fact = facts[id]
      if (fact === undefined) return unknown('facts.yaml')
      return text(typeof fact === 'string' ? fact : formatDate(fact.date))
    }
    case 'site':
      switch (id) {
        case 'name':
          return text(site.name)
        case 'organization':
          return text(site.organization)
        case 'phone':
          return {
            type: 'link',
            url: `tel:${site.phone.dial}`,
            children: [text(phoneText(site.phone.display))],
          }
        case 'email':
          return { type: 'link', url: `mailto:${site.email}`, children: [text(site.email)] }
        case 'address':
          return text(
            `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`
          )
        case 'hours':
          return text(site.officeHours)
        default:
          return fail(
            node,
            `has the token {{site:${id}}}; site tokens are name, organization, phone, email, address, hours`
          )
      }
    default:
      return fail(
        node,
        `has an unknown token kind "${kind}"; use fee, tier, card-fee, fact or site`
      )
  }
}

type AnyNode = Root | RootContent
type ParentNode = Extract<AnyNode, { children: unknown[] }>

function walk(node: AnyNode, visit: (node: AnyNode) => void) {
  visit(node)
  if ('children' in node) for (const child of node.children) walk(child as AnyNode, visit)
}

function walkParents(node: AnyNode, visit: (parent: ParentNode) => void) {
  if (!('children' in node)) return
  visit(node as ParentNode)
  for (const child of node.children) walkParents(child as AnyNode, visit)
}

function plainText(node: AnyNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((c) => plainText(c as AnyNode)).join('')
  return ''
}

/** GitHub-style heading anchors: lower case, words joined by hyphens, repeats numbered. */
class Slugger {
  private seen = new Map<string, number>()
  slug(text: string): string {
    const base =
      text
        .toLowerCase()
        .replace(/\{\{[^}]*\}\}/g, '')
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .trim()
        .replace(/\s+/g, '-') || 'section'
    const count = this.seen.get(base) ?? 0
    this.seen.set(base, count + 1)
    const slug = count === 0 ? base : `${base}-${count}`
    this.seen.set(slug, this.seen.get(slug) ?? 1)
    return slug
  }
  has(slug: string) {
    return this.seen.has(slug)
  }
  all() {
    return this.seen.keys()
  }
}
