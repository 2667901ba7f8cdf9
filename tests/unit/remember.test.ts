import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '#lib/content/markdown/processor.ts'
import { parseYamlWithLines } from '#lib/content/yaml.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { FIXTURE } from '../helpers/content.ts'

// The editor checks the whole content at every Save: a text parsed before is not parsed again
// (lib/content/remember.ts), and each caller still gets a result of its own to change.
describe('parsing a text again', () => {
  it('gives a Markdown tree of its own, whatever was done to the one given before', () => {
    const text = '## Fees\n\nSee the [fees](/fees/).'
    parseMarkdown(text).children.length = 0
    expect(parseMarkdown(text).children.map((node) => node.type)).toEqual(['heading', 'paragraph'])
  })
  it('gives YAML data of its own, with the lines of its file', () => {
    const text = '- id: one\n  fee: 45\n'
    const first = parseYamlWithLines(text, 'data/fees.yaml')
    ;(first.data as { fee: number }[])[0]!.fee = 0
    expect(parseYamlWithLines(text, 'data/fees.yaml').data).toEqual([{ id: 'one', fee: 45 }])
    const lower = parseYamlWithLines(text, 'data/fees.yaml', 2)
    expect([first.lineOf([0, 'fee']), lower.lineOf([0, 'fee'])]).toEqual([2, 4])
  })
})

describe('checking the content again', () => {
  const feesPage = (source: ReturnType<typeof readContentSource>) =>
    checkContent(source).content!.pages.find((p) => p.file.endsWith('fees.md'))!
  const html = (page: ReturnType<typeof feesPage>) =>
    page.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('')

  it('renders a page again when what it is read with changes, and gives each caller its own', () => {
    const source = readContentSource(FIXTURE)
    const first = feesPage(source)
    expect(html(first)).toContain('$40')
    first.blocks.length = 0
    expect(html(feesPage(readContentSource(FIXTURE)))).toContain('$40')
    const fees = source.registries.fees!
    fees.text = fees.text.replace('amount: 40.00', 'amount: 41.00')
    expect(html(feesPage(source))).toContain('$41')
  })
})
