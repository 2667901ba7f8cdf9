import type { Paragraph } from 'mdast'
import { diagramIds, type Block, type DiagramId, type ResolvedTile } from '#lib/content/blocks.ts'
import { failAt, type MarkdownContext } from '#lib/content/markdown/processor.ts'
import { transcriptOf } from '#lib/content/check.ts'
import { didYouMean } from '#lib/content/messages.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { Tile } from '#lib/content/page-schemas.ts'
import { documentHref, documentKinds, type DocumentEntry } from '#lib/content/schemas.ts'
import { documentCue, linkCue } from '#lib/labels.ts'
import { upcomingMeetings } from '#lib/meetings.ts'
import { routeHref } from '#lib/routes.ts'

const DIRECTIVE = /^@([a-z-]+)(?:[ \t]+(.*))?$/

/** The `@name args` of a paragraph that is only that line, or null. */
export function directiveOf(node: Paragraph) {
  const only = node.children.length === 1 ? node.children[0] : undefined
  const match = only?.type === 'text' ? DIRECTIVE.exec(only.value.trim()) : null
  return match && { name: match[1]!, args: (match[2] ?? '').split(/\s+/).filter(Boolean), node }
}

/** The block an `@` line asks for, its data looked up; without registries only its name is checked. */
export function directiveBlock(
  { name, args, node }: NonNullable<ReturnType<typeof directiveOf>>,
  ctx: MarkdownContext,
  headingLevel: 2 | 3 | 4
): Block | undefined {
  const fail = (message: string): never => failAt(ctx, node, message)
  const lookUp = <T>(registry: ReadonlyMap<string, T>, file: string, many: boolean): T[] => {
    if (args.length === 0)
      fail(`"@${name}" needs ${many ? 'one or more ids' : 'an id'} from content/data/${file}`)
    if (!many && args.length > 1)
      fail(`"@${name}" takes one id, found ${args.length}: ${args.join(' ')}`)
    return args.map(
      (id) =>
        registry.get(id) ??
        fail(
          `"@${name}" refers to unknown id "${id}"; it is not in content/data/${file}.${didYouMean(id, registry.keys())}`
        )
    )
  }
  const plain = (block: Block) => (args.length ? fail(`"@${name}" takes nothing after it`) : block)
  // Every `@` line a page can use, each named after the block (and component) it makes.
  const blocks: Record<string, (registries: Registries) => Block> = {
    video: ({ videos }) => {
      const [video] = lookUp(videos, 'videos.yaml', false)
      const [said, seen] = [video!.captions, video!.descriptions].map((f) => ctx.cues?.get(f!))
      const transcriptHtml = ctx.transcripts?.get(video!.id)
      return { kind: 'video', video: video!, transcriptHtml, lines: transcriptOf(said, seen) }
    },
    form: ({ forms, site }) => {
      const [form] = lookUp(forms, 'forms.yaml', false)
      return { kind: 'form', form: form!, contact: site }
    },
    document: ({ documents }) => ({
      kind: 'document',
      documents: lookUp(documents, 'documents.yaml', true),
    }),
    documents: (registries) => {
      if (args.length === 0)
        fail(`"@documents" needs one or more kinds: ${documentKinds.join(', ')}`)
      for (const kind of args)
        if (!(documentKinds as readonly string[]).includes(kind))
          fail(
            `"@documents" names the unknown kind "${kind}".${didYouMean(kind, documentKinds)} Known kinds: ${documentKinds.join(', ')}`
          )
      const kinds = args as DocumentEntry['kind'][]
      const documents = [...registries.documents.values()].filter((d) => kinds.includes(d.kind))
      return { kind: 'documents', kinds, documents, headingLevel }
    },
    fees: ({ fees, documents }) => {
      const [schedule] = args
      if (args.length !== 1 || (schedule !== 'inspection' && schedule !== 'card'))
        fail('"@fees" takes one of: inspection, card')
      if (schedule === 'inspection') return { kind: 'fees', schedule, inspection: fees.inspection }
      const ordinance = documents.get(fees.cardFees.ordinance)!
      return { kind: 'fees', schedule: 'card', cardFees: fees.cardFees, ordinance }
    },
    links: ({ links }) => ({ kind: 'links', links: lookUp(links, 'links.yaml', true) }),
    tiles: (registries) => {
      const [group] = args
      if (args.length !== 1 || !group) fail('"@tiles" takes the name of one tile group')
      const tiles = ctx.tiles && Object.hasOwn(ctx.tiles, group!) ? ctx.tiles[group!] : undefined
      if (!tiles)
        fail(
          `"@tiles ${group}" names a group that is not under "tiles" in this page's frontmatter.${didYouMean(group!, Object.keys(ctx.tiles ?? {}))}`
        )
      return { kind: 'tiles', tiles: tiles!.map((tile) => resolveTile(tile, registries)) }
    },
    contact: ({ site }) => plain({ kind: 'contact', contact: site }),
    diagram: ({ facts }) => {
      const id = args[0] as DiagramId
      if (args.length !== 1 || !diagramIds.includes(id))
        fail(`"@diagram" takes one of: ${diagramIds.join(', ')}`)
      const distance = facts['ceiling-distance']
      if (typeof distance !== 'string')
        fail('"@diagram" needs the text fact "ceiling-distance" in content/data/facts.yaml')
      return { kind: 'diagram', diagram: id, ceilingDistance: distance as string }
    },
    'page-index': () => plain({ kind: 'page-index', pages: [...ctx.pages] }),
    estimator: ({ fees, holidays }) =>
      plain({
        kind: 'estimator',
        rules: {
          tiers: fees.inspection.tiers,
          methods: fees.cardFees.methods,
          holidays: holidays.map((h) => h.date),
        },
        holidays,
      }),
    search: () => plain({ kind: 'search' }),
    meetings: ({ schedule }) => plain({ kind: 'meetings', meetings: schedule }),
    // The Board's usual schedule, as it publishes it, for when no next meeting is listed.
    'next-meeting': ({ schedule, facts }) => {
      const usual = facts['board-meetings']
      if (typeof usual !== 'string')
        fail('"@next-meeting" needs the text fact "board-meetings" in content/data/facts.yaml')
      const upcoming = upcomingMeetings(schedule, ctx.today)
      return plain({ kind: 'next-meeting', upcoming, usual: usual as string })
    },
    'videos-without-captions': () =>
      plain({ kind: 'videos-without-captions', gaps: [...ctx.captionGaps] }),
  }
  const names = Object.keys(blocks)
  if (!names.includes(name))
    fail(
      `has an unknown @ line "@${name}".${didYouMean(name, names)} The @ lines are: ${names.map((d) => '@' + d).join(', ')}`
    )
  return ctx.registries && blocks[name]!(ctx.registries)
}

/** A tile's target looked up: a page, an outside link or a document (checked by the content check). */
function resolveTile(tile: Tile, registries: Registries): ResolvedTile {
  const base = { label: tile.label, description: tile.description }
  if ('route' in tile) return { ...base, href: routeHref(tile.route), newTab: tile.newTab }
  if ('link' in tile) {
    const link = registries.links.get(tile.link)!
    return { ...base, href: link.url, newTab: false, cue: linkCue(link) }
  }
  const doc = registries.documents.get(tile.document)!
  return { ...base, href: documentHref(doc), newTab: false, cue: documentCue(doc) }
}
