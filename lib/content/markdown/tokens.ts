import type { PhrasingContent, Root, Text } from 'mdast'
import { failAt, type MarkdownContext } from '#lib/content/markdown/context.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import { walkParents } from '#lib/content/markdown/tree.ts'
import { didYouMean } from '#lib/content/messages.ts'
import { formatDate } from '#lib/dates.ts'
import { cardFeeLabel, tierLabel } from '#lib/fees.ts'
import { phoneHref, phoneText } from '#lib/labels.ts'
import { formatMoney } from '#lib/money.ts'

const TOKEN = /\{\{\s*([a-z-]+):([a-z0-9-]+)\s*\}\}/g
const TOKEN_KINDS = ['fee', 'tier', 'card-fee', 'fact', 'site']
const SITE_TOKENS = ['name', 'organization', 'phone', 'email', 'address', 'hours']

/** Replaces {{fee:standard}}, {{fact:co-alarm-life}}, {{site:email}}... in the text. */
export function replaceTokens(tree: Root, ctx: MarkdownContext, noted: ProblemList) {
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
    if (changed) parent.children = out as typeof parent.children
  })
}

function tokenValue(kind: string, id: string, node: Text, ctx: MarkdownContext): PhrasingContent {
  const text = (value: string): Text => ({ type: 'text', value })
  // Without registries (one has errors), only the kind of token is checked.
  if (!ctx.registries) {
    if (TOKEN_KINDS.includes(kind)) return text(`{{${kind}:${id}}}`)
    return failAt(
      ctx,
      node,
      `has an unknown kind of token "${kind}"; use ${TOKEN_KINDS.join(', ')}.${didYouMean(kind, TOKEN_KINDS)}`
    )
  }
  const { fees, facts, site } = ctx.registries
  const unknown = (file: string, known: Iterable<string>): never =>
    failAt(
      ctx,
      node,
      `has the token {{${kind}:${id}}}, but "${id}" is not in content/data/${file}.${didYouMean(id, known)}`
    )
  const tierIds = fees.inspection.tiers.map((t) => t.id)
  switch (kind) {
    case 'fee': {
      if (id === 'reinspection') return text(formatMoney(fees.inspection.reinspection))
      const tier = fees.inspection.tiers.find((t) => t.id === id)
      return tier
        ? text(formatMoney(tier.amount))
        : unknown('fees.yaml', [...tierIds, 'reinspection'])
    }
    case 'tier': {
      const tier = fees.inspection.tiers.find((t) => t.id === id)
      return tier ? text(tierLabel(tier)) : unknown('fees.yaml', tierIds)
    }
    case 'card-fee': {
      const method = fees.cardFees.methods.find((m) => m.id === id)
      return method
        ? text(cardFeeLabel(method))
        : unknown(
            'fees.yaml',
            fees.cardFees.methods.map((m) => m.id)
          )
    }
    case 'fact': {
      const fact = facts[id]
      if (fact === undefined) return unknown('facts.yaml', Object.keys(facts))
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
            url: phoneHref(site.phone),
            children: [text(phoneText(site.phone))],
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
          return failAt(
            ctx,
            node,
            `has the token {{site:${id}}}; site tokens are ${SITE_TOKENS.join(', ')}.${didYouMean(id, SITE_TOKENS)}`
          )
      }
    default:
      return failAt(
        ctx,
        node,
        `has an unknown kind of token "${kind}"; use ${TOKEN_KINDS.join(', ')}.${didYouMean(kind, TOKEN_KINDS)}`
      )
  }
}
