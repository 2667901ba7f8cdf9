import { describe, expect, it } from 'vitest'
import { phoneSchema } from '#lib/content/schemas.ts'
import { formatDate } from '#lib/dates.ts'
import { cardFeeLabel, tierLabel } from '#lib/fees.ts'
import { phoneHref } from '#lib/labels.ts'
import { formatMoney } from '#lib/money.ts'
import { registries } from '../../components/fixture-content.ts'
import { errorOf, html } from './render.ts'

const { fees } = registries
const tier = (id: string) => fees.inspection.tiers.find((t) => t.id === id)!

describe('tokens', () => {
  it('write figures from the registries', () => {
    const out = html(
      'Pay {{fee:standard}} {{tier:standard}} ahead; re-inspection {{fee:reinspection}}. Card: {{card-fee:online}}. CO: {{fact:co-alarm-life}}. Since {{fact:resumed}}.'
    )
    expect(out).toContain(
      `Pay ${formatMoney(tier('standard').amount)} ${tierLabel(tier('standard'))} ahead; ` +
        `re-inspection ${formatMoney(fees.inspection.reinspection)}. ` +
        `Card: ${cardFeeLabel(fees.cardFees.methods[0]!)}. CO: 7 years. Since ${formatDate('2021-12-13')}.`
    )
  })
  it('make contact tokens into links that do not break across lines', () => {
    expect(html('Call {{site:phone}} or write {{site:email}}.')).toContain(
      'Call <a href="tel:+15550100100,3">(555)\u00a0010\u20110100\u00a0ext.\u00a03</a> or write <a href="mailto:bureau@example.org">bureau@example.org</a>.'
    )
  })
  it('dial the digits of the number as people read it', () => {
    expect(phoneHref('(732) 251-0900 ext. 3')).toBe('tel:+17322510900,3')
    expect(phoneHref('732-251-0900')).toBe('tel:+17322510900')
    expect(phoneHref('+1 732 251 0900 x12')).toBe('tel:+17322510900,12')
    for (const phone of ['(732) 251-0900 ext. 3', '732-251-0900', '+1 732 251 0900 x12'])
      expect(phoneSchema.safeParse(phone).success, phone).toBe(true)
    for (const phone of ['251-0900', 'call the office', '(732) 251-0900 ext. three'])
      expect(phoneSchema.safeParse(phone).success, phone).toBe(false)
  })
  it('refuse unknown tokens and broken braces, suggesting the nearest', () => {
    expect(errorOf('{{fact:co-alarm-lif}}')).toContain(
      '"co-alarm-lif" is not in content/data/facts.yaml. Did you mean "co-alarm-life"?'
    )
    expect(errorOf('{{colour:red}}')).toContain('unknown kind of token "colour"')
    expect(errorOf('{{fact:co-alarm-life}')).toContain('not a complete token')
    expect(errorOf('{{fact:co-alarm-life}} and {{ oops }} and {{fee:standard}}')).toContain(
      'not a complete token'
    )
    expect(errorOf('{{site:fax}}')).toContain('site tokens are name, organization')
  })
})
