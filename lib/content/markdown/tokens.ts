import type { Link, PhrasingContent, Root, Text } from 'mdast'
import { failAt, walk, type MarkdownContext } from '#lib/content/markdown/processor.ts'
import { didYouMean } from '#lib/content/messages.ts'
import { formatDate } from '#lib/dates.ts'
import { cardFeeLabel, tierLabel } from '#lib/fees.ts'
import { phoneHref, phoneText } from '#lib/labels.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import type { Site } from '#lib/content/schemas.ts'
import { formatMoney } from '#lib/money.ts'

const TOKEN = /\{\{\s*([a-z-]+):([a-z0-9-]+)\s*\}\}/g
const TOKEN_KINDS = ['fee', 'tier', 'card-fee', 'fact', 'site']
const text = (value: string): Text => ({ type: 'text', value })
const link = (url: string, value: string): Link => ({ type: 'link', url, children: [text(value)] })
const SITE_TOKENS: Record<string, (site: Site) => PhrasingContent> = {
  name: (site) => text(site.name),
  organization: (site) => text(site.organization),
  phone: ({ phone }) => link(phoneHref(phone), phoneText(phone)),
  email: ({ email }) => link(`mailto:${email}`, email),
  address: ({ address: a }) => text(`${a.street}, ${a.city}, ${a.state} ${a.zip}`),
  hours: (site) => text(site.officeHours),
}

/** Replaces {{fee:standard}}, {{fact:co-alarm-life}}, {{site:email}}... in the text. */
export function replaceTokens(tree: Root, ctx: MarkdownContext, noted: ProblemList) {
  walk(tree, (parent) => {
    if (!('children' in parent)) return
    const out: PhrasingContent[] = []
    for (const child of parent.children as PhrasingContent[]) {
      if (child.type !== 'text' || !/\{\{|\}\}/.test(child.value)) {
        out.push(child)
        continue
      }
      // Text around and between tokens must hold no stray braces.
      const plain = (value: string) => {
        if (value.includes('{{') || value.includes('}}'))
          noted.catch(() =>
            failAt(
              ctx,
              child,
              'has a "{{" or "}}" that is not a complete token. A token looks like {{fee:standard}}: two braces, a kind, a colon, an id, two braces'
            )
          )
        if (value) out.push({ type: 'text', value })
      }
      let last = 0
      for (const match of child.value.matchAll(TOKEN)) {
        plain(child.value.slice(last, match.index))
        const value = noted.catch(() => tokenValue(match[1]!, match[2]!, child, ctx))
        out.push(value ?? { type: 'text', value: match[0] })
        last = match.index + match[0].length
      }
      plain(child.value.slice(last))
    }
    parent.children = out as typeof parent.children
  })
}

function tokenValue(kind: string, id: string, node: Text, ctx: MarkdownContext): PhrasingContent {
  if (!TOKEN_KINDS.includes(kind))
    return failAt(
      ctx,
      node,
      `has an unknown kind of token "${kind}"; use ${TOKEN_KINDS.join(', ')}.${didYouMean(kind, TOKEN_KINDS)}`
    )
  // Without registries (one has errors), only the kind of token is checked.
  if (!ctx.registries) return text(`{{${kind}:${id}}}`)
  const { fees, facts, site } = ctx.registries
  const unknown = (file: string, known: Iterable<string>): never =>
    failAt(
      ctx,
      node,
      `has the token {{${kind}:${id}}}, but "${id}" is not in content/data/${file}.${didYouMean(id, known)}`
    )
  const { tiers, reinspection } = fees.inspection
  const tier = tiers.find((t) => t.id === id)
  const tierIds = tiers.map((t) => t.id)
  if (kind === 'fee') {
    if (id === 'reinspection') return text(formatMoney(reinspection))
    return tier
      ? text(formatMoney(tier.amount))
      : unknown('fees.yaml', [...tierIds, 'reinspection'])
  }
  if (kind === 'tier') return tier ? text(tierLabel(tier)) : unknown('fees.yaml', tierIds)
  if (kind === 'card-fee') {
    const method = fees.cardFees.methods.find((m) => m.id === id)
    const ids = fees.cardFees.methods.map((m) => m.id)
    return method ? text(cardFeeLabel(method)) : unknown('fees.yaml', ids)
  }
  if (kind === 'fact') {
    // Own names only: facts.constructor is JavaScript's, not a fact.
    const fact = Object.hasOwn(facts, id) ? facts[id]! : unknown('facts.yaml', Object.keys(facts))
    return text(typeof fact === 'string' ? fact : formatDate(fact.date))
  }
  const names = Object.keys(SITE_TOKENS)
  return Object.hasOwn(SITE_TOKENS, id)
    ? SITE_TOKENS[id]!(site)
    : failAt(
        ctx,
        node,
        `has the token {{site:${id}}}; site tokens are ${names.join(', ')}.${didYouMean(id, names)}`
      )
}
