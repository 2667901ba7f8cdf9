import { describe, expect, it } from 'vitest'
import { parseMarkdown, toHtml } from '#lib/content/markdown/processor.ts'

// The processor alone: remark with GitHub's flavour, sanitized by
// remark-html's default schema (plus tel: links). Raw HTML never reaches it
// from content (the content check refuses it), but if it did, it is removed.
const html = (markdown: string) => toHtml(parseMarkdown(markdown).children)

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
  it('drops javascript: addresses but keeps tel:', () => {
    expect(html('[x](javascript:alert(1)) [call](tel:+15550100100)')).toBe(
      '<p><a>x</a> <a href="tel:+15550100100">call</a></p>'
    )
  })
  it('renders GitHub tables', () => {
    expect(html('| a | b |\n| - | - |\n| 1 | 2 |')).toContain('<table>')
  })
})
