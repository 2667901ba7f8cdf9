import { describe, expect, it } from 'vitest'
import { errorOf, html } from './render.ts'

describe('links', () => {
  it('rewrite internal routes to their exported address', () => {
    expect(html('[fees](/fees) and [home](/)')).toContain(
      '<a href="/fees/">fees</a> and <a href="/">home</a>'
    )
    // Written with the trailing slash of its address, a route is the same route.
    expect(html('[fees](/fees/) and [plan](/fees/#top)')).toContain(
      '<a href="/fees/">fees</a> and <a href="/fees/#top">plan</a>'
    )
  })
  it('refuse a route that does not exist, naming the file line and the nearest route', () => {
    expect(errorOf('Text\n\n[x](/feez)')).toBe(
      'pages/test.md:8: links to "/feez", but no page has the route "/feez". Did you mean "/fees"?'
    )
  })
  it('prefix in-page anchors as the sanitizer prefixes heading ids', () => {
    const out = html('[Go](#escape-plan)\n\n## Escape plan\n\n[Top](#top)')
    expect(out).toContain('<a href="#user-content-escape-plan">Go</a>')
    expect(out).toContain('<a href="#top">Top</a>')
  })
  it('refuse an anchor that matches no heading, listing the headings', () => {
    expect(errorOf('## Real one\n\n[Go](#real-on)')).toMatch(
      /links to "#real-on", but no heading on this page has that link\. Did you mean "real-one"\? Headings on this page: #real-one/
    )
  })
  it('turn doc: links into the file address and say the file type and language', () => {
    expect(html('[Budget](doc:budget-2019)')).toContain(
      '<a href="https://files.example.org/budget-2019.pdf">Budget (PDF)</a>'
    )
    expect(html('[CO](doc:co-spanish)')).toContain(
      '<a href="https://files.example.org/co-es.pdf" hreflang="es">CO (PDF, Spanish)</a>'
    )
  })
  it('turn link: ids into addresses, naming files but not web pages', () => {
    expect(html('[Tips](link:nfpa) and [D2](link:district-2)')).toContain(
      '<a href="https://www.nfpa.org/tips.pdf">Tips (PDF)</a> and <a href="https://district2.example.org/">D2</a>'
    )
  })
  it('turn video: ids into the video address', () => {
    expect(html('[watch](video:reading)')).toContain(
      '<a href="https://www.youtube.com/watch?v=Sl3bUZSW5TU">watch</a>'
    )
  })
  it('refuse unknown ids, suggesting the nearest, and raw addresses', () => {
    expect(errorOf('[x](doc:budget-2018)')).toContain(
      'links to document "budget-2018", which is not in content/data/documents.yaml. Did you mean "budget-2019"?'
    )
    expect(errorOf('[x](link:nope)')).toContain('"nope", which is not in content/data/links.yaml')
    expect(errorOf('[x](https://example.org)')).toContain(
      'Add the address to content/data/links.yaml'
    )
    expect(errorOf('[x](mailto:a@b.c)')).toContain('{{site:email}}')
    expect(errorOf('[x](ftp://a)')).toContain('cannot check')
  })
})

describe('what the text may not hold', () => {
  it('images', () => {
    expect(errorOf('![a](https://x.example/a.png)')).toContain('images are not supported')
  })
  it('raw HTML, with its line', () => {
    expect(errorOf('Text\n\n<b>bold</b>')).toMatch(/^pages\/test\.md:8: has raw HTML/)
  })
  it('link reference definitions', () => {
    expect(errorOf('[a][b]\n\n[b]: /fees')).toContain('link reference definition')
  })
})
