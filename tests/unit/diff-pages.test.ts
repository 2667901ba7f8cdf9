import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Code, Root } from 'mdast'
import { remark } from 'remark'
import remarkGfm from 'remark-gfm'
import { describe, expect, it } from 'vitest'
import {
  diffExports,
  diffLines,
  formatPageDiff,
  pageText,
  PageDiffError,
  REPORT_HEADING,
  type ChangedPage,
  type PageDiff,
} from '#tools/review/diff-pages.ts'

// Two small fake exports shaped like out/, written to temporary folders.

type PageSpec = { title: string; description?: string; main: string; theme?: string }

/** A page as the site exports it: head, header, <main>, footer. `theme` varies only markup. */
function html({ title, description, main, theme = 'a1' }: PageSpec): string {
  const meta = description ? `<meta name="description" content="${description}"/>` : ''
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>${meta}` +
    `<link rel="stylesheet" href="/_next/static/chunks/${theme}.css"/></head><body>` +
    `<header class="${theme}"><nav><a href="/">Home</a><a href="/fees/">Fees</a></nav></header>` +
    `<main id="main-content" class="${theme}">${main}</main>` +
    `<footer><p>Bureau of Fire Prevention</p></footer></body></html>`
  )
}

function writeExport(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-diff-'))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  return dir
}

const FEES_MAIN = (fee: string) =>
  `<h1>Inspection fees</h1><p>The fee depends on how early you apply.</p>` +
  `<table><caption>Fees</caption><tbody>` +
  `<tr><th>More than 10 business days</th><td>${fee}</td></tr>` +
  `<tr><th>Re-inspection</th><td>$30.00</td></tr></tbody></table>` +
  `<p>Apply more than 10 business days before and you pay ${fee}.</p>` +
  `<ul><li>Weekends do not count.</li><li>Holidays do not count.</li></ul>`

const base = {
  'index.html': html({ title: 'Home', description: 'The bureau', main: '<h1>Welcome</h1>' }),
  'fees/index.html': html({ title: 'Fees', main: FEES_MAIN('$45.00') }),
  'contact/index.html': html({ title: 'Contact us', main: '<h1>Contact us</h1><p>Call us.</p>' }),
  'old-page/index.html': html({ title: 'Old page', main: '<h1>Old page</h1>' }),
  '404.html': html({ title: 'Page not found', main: '<h1>Page not found</h1>' }),
  'site.css': 'body { color: black }',
  'robots.txt': 'User-agent: *',
}
const next = {
  // Same text, new asset hash and classes: markup only.
  'index.html': html({
    title: 'Home',
    description: 'The bureau',
    main: '<h1>Welcome</h1>',
    theme: 'b2',
  }),
  'fees/index.html': html({ title: 'Fees', main: FEES_MAIN('$50.00') }),
  'contact/index.html': html({
    title: 'Contact the bureau',
    main: '<h1>Contact us</h1><p>Call us.</p>',
  }),
  'new-page/index.html': html({ title: 'New page', main: '<h1>New page</h1>' }),
  '404.html': base['404.html'],
  // Changed and added non-HTML files are not pages.
  'site.css': 'body { color: red }',
  'sitemap.xml': '<urlset/>',
}

const changedPage = (diff: PageDiff, route: string): ChangedPage => {
  const page = diff.changed.find((p) => p.route === route)
  if (!page) throw new Error(`${route} is not among the changed pages`)
  return page
}

describe('pageText', () => {
  it('reads title and description first, then the text of <main>, one block per line', () => {
    const page = html({
      title: 'Fees  &amp; forms',
      description: 'What an inspection costs',
      main:
        '<h1>Fees</h1><p>The fee\n   is <strong>$45.00</strong>.<br/>Pay online.</p>' +
        '<table><tr><th>Tier</th><td> $45.00 </td></tr></table>' +
        '<dl><dt>Rush</dt><dd>$161.00</dd></dl><figure><figcaption>A chart</figcaption></figure>' +
        '<script>var hidden = 1</script><style>p{}</style>' +
        '<noscript><video controls="">No player? Download it.</video></noscript>',
    })
    expect(pageText(page)).toEqual({
      title: 'Fees & forms',
      lines: [
        'Title: Fees & forms',
        'Description: What an inspection costs',
        'Fees',
        'The fee is $45.00.',
        'Pay online.',
        'Tier | $45.00',
        'Rush',
        '$161.00',
        'A chart',
      ],
    })
  })

  it('falls back to <body> when a page has no <main>', () => {
    const page =
      '<html><head><title>Bare</title></head><body><p>One</p><div>Two</div></body></html>'
    expect(pageText(page).lines).toEqual(['Title: Bare', 'One', 'Two'])
  })

  it('leaves out the header and footer around <main>', () => {
    const lines = pageText(html({ title: 'T', main: '<p>Body text</p>' })).lines
    expect(lines).toEqual(['Title: T', 'Body text'])
  })
})

describe('diffLines', () => {
  it('keeps two lines of context around a change and marks the lines left out', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h']
    expect(diffLines(before, after, 2)).toEqual([
      { kind: 'gap', text: '' },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'removed', text: 'e' },
      { kind: 'added', text: 'E' },
      { kind: 'same', text: 'f' },
      { kind: 'same', text: 'g' },
      { kind: 'gap', text: '' },
    ])
  })
})

describe('diffExports', () => {
  const diff = diffExports(writeExport(base), writeExport(next))

  it('finds an added and a removed page by route, with their titles', () => {
    expect(diff.added).toEqual([{ route: '/new-page/', title: 'New page' }])
    expect(diff.removed).toEqual([{ route: '/old-page/', title: 'Old page' }])
  })

  it('shows a changed paragraph and table row as removed and added lines', () => {
    const fees = changedPage(diff, '/fees/')
    const changes = fees.lines.filter((l) => l.kind === 'removed' || l.kind === 'added')
    expect(changes).toEqual([
      { kind: 'removed', text: 'More than 10 business days | $45.00' },
      { kind: 'added', text: 'More than 10 business days | $50.00' },
      { kind: 'removed', text: 'Apply more than 10 business days before and you pay $45.00.' },
      { kind: 'added', text: 'Apply more than 10 business days before and you pay $50.00.' },
    ])
    expect(fees).toMatchObject({ removedLines: 2, addedLines: 2 })
  })

  it('shows a title change', () => {
    expect(changedPage(diff, '/contact/')).toMatchObject({
      title: 'Contact the bureau',
      removedLines: 1,
      addedLines: 1,
      lines: [
        { kind: 'removed', text: 'Title: Contact us' },
        { kind: 'added', text: 'Title: Contact the bureau' },
        { kind: 'same', text: 'Contact us' },
        { kind: 'same', text: 'Call us.' },
      ],
    })
  })

  it('counts a markup-only change apart and does not report it as changed', () => {
    expect(diff.changed.map((p) => p.route)).toEqual(['/contact/', '/fees/'])
    expect(diff.markupOnly).toEqual([{ route: '/', title: 'Home' }])
    // 404.html is a page like any other (here unchanged); site.css and sitemap.xml are not pages.
    expect(diff.unchanged).toBe(1)
  })

  it('treats 404.html as the page /404.html', () => {
    const changed404 = diffExports(
      writeExport(base),
      writeExport({
        ...base,
        '404.html': html({ title: 'Page not found', main: '<h1>We cannot find that page</h1>' }),
      })
    )
    expect(changed404.changed.map((p) => p.route)).toEqual(['/404.html'])
  })

  it('throws a plain error for a missing folder or one without index.html', () => {
    const missing = join(tmpdir(), 'page-diff-no-such-folder')
    expect(() => diffExports(missing, writeExport(base))).toThrow(PageDiffError)
    expect(() => diffExports(missing, writeExport(base))).toThrow(
      `The first folder (the site before the change) does not exist: ${missing}`
    )
    const noIndex = writeExport({ 'fees/index.html': base['fees/index.html'] })
    expect(() => diffExports(writeExport(base), noIndex)).toThrow(
      `The second folder (the site after the change) has no index.html, so it is not a built site`
    )
  })
})

/** The ```diff code blocks of a report, as a Markdown parser reads them. */
function diffBlocks(markdown: string): string[] {
  const tree = remark().use(remarkGfm).parse(markdown) as Root
  return tree.children
    .filter((node): node is Code => node.type === 'code' && node.lang === 'diff')
    .map((node) => node.value)
}

describe('formatPageDiff', () => {
  const diff = diffExports(writeExport(base), writeExport(next))
  const report = formatPageDiff(diff)

  it('starts with the heading and a one-line count', () => {
    expect(report.split('\n').slice(0, 3)).toEqual([
      REPORT_HEADING,
      '',
      '**1 added, 1 removed, 2 changed; 1 unchanged, 1 markup only.** 1 page changed only in ' +
        'markup (the HTML differs, the text reads the same) and is not listed.',
    ])
  })

  it('lists added and removed pages with route and title', () => {
    expect(report).toContain('### Added pages (1)\n\n- `/new-page/` New page\n')
    expect(report).toContain('### Removed pages (1)\n\n- `/old-page/` Old page\n')
  })

  it('puts each changed page in a <details> block holding a diff', () => {
    expect(report).toContain(
      '<details>\n<summary><code>/fees/</code> Fees: 2 lines removed, 2 added</summary>\n\n```diff\n'
    )
    expect(report).toContain(
      '<summary><code>/contact/</code> Contact the bureau: 1 line removed, 1 added</summary>'
    )
    expect(diffBlocks(report)).toEqual([
      ['- Title: Contact us', '+ Title: Contact the bureau', '  Contact us', '  Call us.'].join(
        '\n'
      ),
      [
        '  …',
        '  The fee depends on how early you apply.',
        '  Fees',
        '- More than 10 business days | $45.00',
        '+ More than 10 business days | $50.00',
        '  Re-inspection | $30.00',
        '- Apply more than 10 business days before and you pay $45.00.',
        '+ Apply more than 10 business days before and you pay $50.00.',
        '  Weekends do not count.',
        '  Holidays do not count.',
      ].join('\n'),
    ])
    // The markup-only home page is counted, not shown.
    expect(report).not.toContain('<code>/</code>')
    expect(report).not.toContain('Welcome')
  })

  it('says in one sentence when no page changed', () => {
    const same = formatPageDiff(diffExports(writeExport(base), writeExport(base)))
    expect(same).toBe(
      `${REPORT_HEADING}\n\nNo page is added, removed or changed in its text (5 pages compared).\n`
    )
    const markupOnly = formatPageDiff(
      diffExports(writeExport(base), writeExport({ ...base, 'index.html': next['index.html'] }))
    )
    expect(markupOnly).toBe(
      `${REPORT_HEADING}\n\nNo page is added, removed or changed in its text (5 pages compared). ` +
        '1 page changed only in markup (the HTML differs, the text reads the same) and is not listed.\n'
    )
  })

  it('keeps a line holding ``` inside its diff block, and escapes titles', () => {
    const tricky: PageDiff = {
      added: [{ route: '/a/', title: '*bold* [link](x) <b>' }],
      removed: [],
      markupOnly: [],
      unchanged: 0,
      changed: [
        {
          route: '/b/',
          title: 'A <script> & "quotes"',
          removedLines: 1,
          addedLines: 1,
          lines: [
            { kind: 'same', text: '```' },
            { kind: 'removed', text: 'old' },
            { kind: 'added', text: 'new ````' },
            { kind: 'same', text: '</details>' },
          ],
        },
      ],
    }
    const md = formatPageDiff(tricky)
    expect(diffBlocks(md)).toEqual(['  ```\n- old\n+ new ````\n  </details>'])
    expect(md).toContain('- `/a/` \\*bold\\* \\[link\\](x) \\<b\\>')
    expect(md).toContain('<summary><code>/b/</code> A &lt;script&gt; &amp; &quot;quotes&quot;:')
    expect(md.trimEnd().endsWith('</details>')).toBe(true)
  })

  it('shows at most 50 diff lines of a page, then says how many more there are', () => {
    const before = Array.from({ length: 80 }, (_, i) => `Old line ${i}`)
    const after = Array.from({ length: 80 }, (_, i) => `New line ${i}`)
    const lines = diffLines(before, after)
    const page: ChangedPage = {
      route: '/long/',
      title: 'Long',
      removedLines: 80,
      addedLines: 80,
      lines,
    }
    const md = formatPageDiff({
      added: [],
      removed: [],
      markupOnly: [],
      unchanged: 0,
      changed: [page],
    })
    const [block] = diffBlocks(md)
    expect(block!.split('\n')).toHaveLength(50)
    expect(block!.split('\n').at(-1)).toBe('- Old line 49')
    expect(md).toContain(
      '… 110 more lines not shown (30 removed, 80 added); the report shows 50 per page.'
    )
  })

  it('stops listing pages before the size cap and says how many were left out', () => {
    const longText = 'x'.repeat(400)
    const pages: ChangedPage[] = Array.from({ length: 300 }, (_, i) => ({
      route: `/page-${String(i).padStart(3, '0')}/`,
      title: `Page ${i}`,
      removedLines: 40,
      addedLines: 40,
      lines: diffLines(
        Array.from({ length: 40 }, (_, j) => `${j} ${longText}`),
        Array.from({ length: 40 }, (_, j) => `${j} ${longText}!`)
      ),
    }))
    const md = formatPageDiff({
      added: [],
      removed: [],
      markupOnly: [],
      unchanged: 0,
      changed: pages,
    })
    const bytes = Buffer.byteLength(md)
    expect(bytes).toBeLessThan(200_000 + 500)
    expect(bytes).toBeGreaterThan(150_000)
    const shown = diffBlocks(md).length
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(300)
    expect(md).toContain(
      `**… ${300 - shown} more pages not shown (${300 - shown} changed):** the report stops at 200 KB`
    )
    // Every block that is shown is closed.
    expect(md.match(/<details>/g)).toHaveLength(shown)
    expect(md.match(/<\/details>/g)).toHaveLength(shown)
  })

  it('cuts one very long line of text', () => {
    const md = formatPageDiff(
      {
        added: [],
        removed: [],
        markupOnly: [],
        unchanged: 0,
        changed: [
          {
            route: '/p/',
            title: 'P',
            removedLines: 0,
            addedLines: 1,
            lines: [{ kind: 'added', text: 'y'.repeat(2000) }],
          },
        ],
      },
      { maxLineChars: 100 }
    )
    expect(diffBlocks(md)).toEqual([`+ ${'y'.repeat(100)}…`])
  })
})

describe('npm run diff:pages (tools/review/diff-pages.ts)', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['tools/review/diff-pages.ts', ...args], {
      cwd: process.cwd(),
      encoding: 'utf8',
    })

  it('prints the report and exits 0 when pages differ', () => {
    const result = run(writeExport(base), writeExport(next))
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(formatPageDiff(diffExports(writeExport(base), writeExport(next))))
  })

  it('exits 2 with a plain message when a folder is missing', () => {
    const missing = join(tmpdir(), 'page-diff-missing-build')
    const result = run(writeExport(base), missing)
    expect(result.status).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      `diff:pages could not compare the two builds. The second folder (the site after the change) does not exist: ${missing}`
    )
    expect(result.stderr).toContain('Usage: npm run --silent diff:pages -- BASE_OUT NEW_OUT')
  })

  it('exits 2 when a folder has no index.html, or a folder is not given', () => {
    const noIndex = run(writeExport({ 'site.css': '' }), writeExport(base))
    expect(noIndex.status).toBe(2)
    expect(noIndex.stderr).toMatch(
      /The first folder \(the site before the change\) has no index\.html/
    )
    const oneFolder = run(writeExport(base))
    expect(oneFolder.status).toBe(2)
    expect(oneFolder.stderr).toContain('diff:pages needs two folders to compare.')
  })
})
