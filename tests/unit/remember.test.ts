import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '#lib/content/markdown/processor.ts'
import { parseYamlWithLines } from '#lib/content/yaml.ts'

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
