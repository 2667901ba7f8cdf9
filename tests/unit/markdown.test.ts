import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ContentError } from '@/lib/content/errors'
import { renderMarkdown, type Block } from '@/lib/content/markdown'
import { loadRegistries } from '@/lib/content/registries'
import { FIXTURE } from '../helpers/content'

const registries = loadRegistries(join(FIXTURE, 'data'))
const ctx = {
  file: 'pages/test.md',
  lineOffset: 5,
  routes: new Set(['/', '/fees']),
  registries,
  frontmatter: { tiles: { main: [{ label: 'Fees', route: '/fees', newTab: false }] } },
}

const render = (markdown: string): Block[] => renderMarkdown(markdown, ctx)
const html = (markdown: string): string =>
  render(markdown)
    .map((b) => (b.kind === 'html' ? b.html : `[${b.kind}]`))
    .join('\n')
const errorOf = (markdown: string): string => {
  try {
    render(markdown)
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return (error as Error).message
  }
  throw new Error('expected a content error')
}

describe('sanitizing (remark-html default, never turned off)', () => {
  it('strips script tags', () => {
    const out = html('Hello <script>alert("x")</script> world\n\n<script>alert(1)</script>')
    expect(out).not.toMatch(/<script/i)
    expect(out).toContain('Hello')
  })
  it('strips iframes', () => {
    expect(html('<iframe src="https://evil.example"></iframe>\n\nText')).not.toMatch(/<iframe/i)
  })
  it('strips event handlers such as onerror', () => {
    const out = html('<img src="x" onerror="alert(1)">\n\n<p onclick="steal()">Hi</p>')
    expect(out).not.toMatch(/onerror|onclick|alert|steal/i)
  })
  it('drops javascript: links', () => {
    expect(errorOf('[click](javascript:alert(1))')).toContain('cannot check')
  })
})

describe('links', () => {
  it('rewrites internal routes to their exported address', () => {
    expect(html('[fees](/fees) and [home](/)')).toContain(
      '<a href="/fees/">fees</a> and <a href="/">home</a>'
    )
  })
  it('refuses a route that does not exist, naming the file line', () => {
    expect(errorOf('Text\n\n[x](/nope)')).toBe(
      'pages/test.md:8: links to "/nope", but no page has the route "/nope"'
    )
  })
  it('prefixes in-page anchors as the sanitizer prefixes heading ids', () => {
    const out = html('[Go](#escape-plan)\n\n## Escape plan\n\n[Top](#top)')
    expect(out).toContain('<a href="#user-content-escape-plan">Go</a>')
    expect(out).toContain('<h2 id="user-content-escape-plan">Escape plan</h2>')
    expect(out).toContain('<a href="#top">Top</a>')
  })
  it('refuses an anchor that matches no heading', () => {
    expect(errorOf('## Real\n\n[Go](#fake)')).toMatch(
      /links to "#fake", but no heading on this page has that anchor \(headings: #real\)/
    )
  })
  it('numbers repeated headings', () => {
    expect(html('## Tips\n\n## Tips\n\n[b](#tips-1)')).toContain('id="user-content-tips-1"')
  })
  it('turns doc: links into the file address and says the type and language', () => {
    expect(html('[Budget](doc:budget-2019)')).toContain(
      '<a href="https://files.example.org/budget-2019.pdf">Budget (PDF)</a>'
    )
    expect(html('[CO](doc:co-spanish)')).toContain(
      '<a href="https://files.example.org/co-es.pdf" hreflang="es">CO (PDF, Spanish)</a>'
    )
  })
  it('turns link: ids into addresses', () => {
    expect(html('[Tips](link:nfpa) and [D2](link:district-2)')).toContain(
      '<a href="https://www.nfpa.org/tips.pdf">Tips (PDF)</a> and <a href="https://district2.example.org/">D2</a>'
    )
  })
  it('refuses unknown ids and raw addresses', () => {
    expect(errorOf('[x](doc:nope)')).toContain(
      'links to document "nope", which is not in content/data/documents.yaml'
    )
    expect(errorOf('[x](link:nope)')).toContain('"nope", which is not in content/data/links.yaml')
    expect(errorOf('[x](https://example.org)')).toContain(
      'add the address to content/data/links.yaml'
    )
    expect(errorOf('[x](mailto:a@b.c)')).toContain('{{site:email}}')
  })
  it('refuses images', () => {
    expect(errorOf('![a](https://x.example/a.png)')).toContain('images are not supported')
  })
})

describe('tokens', () => {
  it('writes figures from the registries', () => {
    const out = html(
      'Pay {{fee:standard}} {{tier:standard}} ahead, {{fee:rush}} {{tier:rush}}, {{fee:short-notice}} {{tier:short-notice}}; re-inspection {{fee:reinspection}}. Card: {{card-fee:online}} or {{card-fee:in-person}}. CO: {{fact:co-alarm-life}}. Since {{fact:resumed}}.'
    )
    expect(out).toContain(
      'Pay $45.00 more than 10 business days ahead, $161.00 fewer than 4 business days, $90.00 4 to 10 business days; re-inspection $30.00. Card: 2.9% + $0.30 or 2.7%. CO: 7 years. Since 12/13/21.'
    )
  })
  it('makes contact tokens into links', () => {
    expect(html('Call {{site:phone}} or write {{site:email}}.')).toContain(
      'Call <a href="tel:+15550100100,3">(555)\u00a0010\u20110100\u00a0ext.\u00a03</a> or write <a href="mailto:bureau@example.org">bureau@example.org</a>.'
    )
  })
  it('refuses unknown tokens and broken braces', () => {
    expect(errorOf('{{fact:nope}}')).toContain('"nope" is not in content/data/facts.yaml')
    expect(errorOf('{{colour:red}}')).toContain('unknown token kind "colour"')
    expect(errorOf('{{fact:co-alarm-life}')).toContain('not a complete token')
    expect(errorOf('{{fact:co-alarm-life}} and {{ oops }} and {{fee:standard}}')).toContain(
      'not a complete token'
    )
  })
})

describe('directives', () => {
  it('splits the text around embeds, in order', () => {
    const blocks = render(
      'Intro\n\n@video fire-is-fast\n\nMiddle\n\n@form application\n\n@fees inspection\n\n@document budget-2019 budget-2020\n\n@documents budget audit\n\n@links nfpa\n\n@tiles main\n\n@contact\n\n@diagram smoke-alarm-ceiling\n\nEnd'
    )
    expect(blocks.map((b) => b.kind)).toEqual([
      'html',
      'video',
      'html',
      'form',
      'fees',
      'documents',
      'document-list',
      'links',
      'tiles',
      'contact',
      'diagram',
      'html',
    ])
    expect(blocks[1]).toEqual({ kind: 'video', id: 'fire-is-fast' })
    expect(blocks[5]).toEqual({ kind: 'documents', ids: ['budget-2019', 'budget-2020'] })
    expect(blocks[6]).toEqual({
      kind: 'document-list',
      kinds: ['budget', 'audit'],
      headingLevel: 2,
    })
  })
  it('nests a document list under the heading before it', () => {
    const blocks = render(
      '## Election results\n\n@documents budget\n\n### Older\n\n@documents audit'
    )
    expect(
      blocks
        .filter((b) => b.kind === 'document-list')
        .map((b) => b.kind === 'document-list' && b.headingLevel)
    ).toEqual([3, 4])
  })
  it('leaves a line that merely starts with @ in a sentence alone', () => {
    expect(html('Write to @bureau on social media, or call.')).toContain('@bureau on social media')
  })
  it('names the line of a bad directive', () => {
    expect(errorOf('Intro\n\n@video nope')).toBe(
      'pages/test.md:8: "@video" refers to unknown id "nope"; it is not in content/data/videos.yaml'
    )
    expect(errorOf('@documents budgets')).toContain('unknown kind "budgets"')
    expect(errorOf('@tiles other')).toContain('not under "tiles"')
    expect(errorOf('@widget x')).toContain('unknown directive "@widget"')
    expect(errorOf('@video fire-is-fast reading')).toContain('takes one id')
  })
})
