import { describe, expect, it } from 'vitest'
import { edit, fixtureCopy, page, problemsIn, put } from '#tests/helpers/content.ts'

// The hostile inputs of issue 42's review ("Content check gaps"), each tried
// on a copy of the test content: every one is refused (or, for a new site, named
// in a notice) with its file and line, and none crashes the check. A crash
// would throw out of problemsIn instead of returning the list.

const errorsIn = (dir: string) => problemsIn(dir, 'error')
const FRONT =
  'route: /hostile\ntitle: Hostile\ndescription: A page that tries what a stranger might try.\nsection: about'
/** A page whose body starts on line 8 of its file. */
const hostilePage = (dir: string, body: string) => put(dir, 'pages/hostile.md', page(FRONT, body))
/** An alert whose message is on line 5. */
const alert = (message: string) =>
  `- id: notice\n  level: urgent\n  start: '2026-01-01'\n  end: '2099-01-02'\n  message: ${message}\n`

describe('invisible characters written as escapes, which the file itself does not show', () => {
  it.each([
    ['a right-to-left override', '\\u202E', 'U+202E'],
    ['a line separator', '\\u2028', 'U+2028'],
    ['a line separator, YAML’s short escape', '\\L', 'U+2028'],
    ['a NUL character', '\\0', 'U+0000'],
    ['an escape character', '\\e', 'U+001B'],
    ['a zero width space in eight digits', '\\U0000200B', 'U+200B'],
  ])('refuses %s in a YAML value, at its line', (_, escape, code) => {
    const dir = fixtureCopy()
    put(dir, 'data/alerts.yaml', alert(`"Closed ${escape}today."`))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `data/alerts\\.yaml:5: has .*\\(${code.replace('+', '\\+')}\\), written as an escape`
        )
      ),
    ])
  })

  it('refuses them in a field name, and in a page’s frontmatter', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/facts.yaml',
      'co-alarm-life: 7 years\n"ceiling\\u200B-distance": 4 to 6 inches\n'
    )
    put(dir, 'pages/hostile.md', page(FRONT.replace('title: Hostile', 'title: "Hostile\\u202E"')))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/facts\.yaml:2: has a zero width space \(U\+200B\), written as an escape/
      ),
      expect.stringMatching(/pages\/hostile\.md:3: has a right-to-left override \(U\+202E\)/),
    ])
  })

  it('refuses them written as HTML character references in page text and in alerts', () => {
    const dir = fixtureCopy()
    hostilePage(dir, 'Call &#x202E;100-555 now.')
    put(dir, 'data/alerts.yaml', alert('|\n    Closed &#8238;today.'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/alerts\.yaml:6: has a right-to-left override \(U\+202E\), written as a character reference/
      ),
      expect.stringMatching(
        /pages\/hostile\.md:8: has a right-to-left override \(U\+202E\), written as a character reference/
      ),
    ])
  })

  it('keeps tabs and line breaks written as escapes, and emoji', () => {
    const dir = fixtureCopy()
    put(dir, 'data/alerts.yaml', alert('"Closed\\ttoday.\\nOpen \\U0001F692 tomorrow."'))
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('ids that are names JavaScript gives its own meaning', () => {
  it.each([
    [
      '{{fact:constructor}}',
      /has the token \{\{fact:constructor\}\}, but "constructor" is not in content\/data\/facts\.yaml/,
    ],
    ['{{site:constructor}}', /has the token \{\{site:constructor\}\}; site tokens are/],
    ['{{site:hasownproperty}}', /has the token \{\{site:hasownproperty\}\}; site tokens are/],
    ['@tiles constructor', /"@tiles constructor" names a group that is not under "tiles"/],
    ['@video constructor', /"@video" refers to unknown id "constructor"/],
  ])('refuses %s in a page with its line, without crashing', (body, message) => {
    const dir = fixtureCopy()
    // A page with a tile group, so "tiles" is there to look "constructor" up in.
    const tiles = 'tiles:\n  more:\n    - label: Fees\n      route: /fees'
    put(dir, 'pages/hostile.md', page(`${FRONT}\n${tiles}`, body))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(new RegExp(`pages/hostile\\.md:12: ${message.source}`)),
    ])
  })

  it('refuses "__proto__" as a field name instead of dropping it, in facts and tile groups', () => {
    const dir = fixtureCopy()
    put(dir, 'data/facts.yaml', 'co-alarm-life: 7 years\n__proto__: Every exit stays clear\n')
    put(
      dir,
      'pages/hostile.md',
      page(`${FRONT}\ntiles:\n  __proto__:\n    - label: Fees\n      route: /fees`)
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/data\/facts\.yaml:2: uses "__proto__" as a name/),
      expect.stringMatching(/pages\/hostile\.md:7: uses "__proto__" as a name/),
    ])
  })

  it('refuses "constructor" as the name of a fact; as an id it is only an id (looked up among ids)', () => {
    const dir = fixtureCopy()
    put(dir, 'data/facts.yaml', 'co-alarm-life: 7 years\nconstructor: Every exit stays clear\n')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/data\/facts\.yaml:2: uses "constructor" as a name/),
    ])
    put(dir, 'data/facts.yaml', 'co-alarm-life: 7 years\n')
    edit(dir, 'data/links.yaml', 'id: district-2', 'id: constructor')
    hostilePage(dir, '[The district](link:constructor), [again](link:district-2).')
    expect(errorsIn(dir)).toEqual([expect.stringMatching(/pages\/hostile\.md:8: .*district-2/)])
  })
})

describe('raw HTML beside HTML comments', () => {
  it.each([
    ['between two comments on one line', '<!-- a --><script>alert(1)</script><!-- b -->'],
    ['after a comment that ends on its line', '<!-- a\n--><div>x</div>'],
    ['inside a comment closed at once (<!-->)', '<!--> <b>x</b> -->'],
  ])('refuses raw HTML %s', (_, body) => {
    const dir = fixtureCopy()
    hostilePage(dir, body)
    expect(errorsIn(dir)).toEqual([expect.stringMatching(/pages\/hostile\.md:8: has raw HTML/)])
  })

  it('still lets comments alone through: notes for editors', () => {
    const dir = fixtureCopy()
    hostilePage(dir, '<!-- a note -->\n\nText. <!-- another --> More.\n\n<!---->')
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('brackets nested thousands deep, which made the check take minutes', () => {
  it.each([
    ['a run of "["', '['.repeat(40_000)],
    ['links inside links', `${'[a '.repeat(5000)}${'](/fees)'.repeat(5000)}`],
    ['labels closed one by one', `${'['.repeat(5000)}${'x](/fees)'.repeat(5000)}`],
  ])('refuses %s at the line, before reading it as Markdown', (_, run) => {
    const dir = fixtureCopy()
    hostilePage(dir, `Fine.\n\n${run}`)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/hostile\.md:10: has more than 10 "\[" open, or "\]" closing none, in one paragraph/
      ),
    ])
  })

  it('lets ordinary brackets and many links through', () => {
    const dir = fixtureCopy()
    hostilePage(
      dir,
      `[Fees](/fees) [1] [[x]] ${'[the fees](/fees) '.repeat(500)}\n\n${'[ '.repeat(10)}`
    )
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('numbers and YAML versions', () => {
  it('refuses a %YAML directive, which makes 0100 read as 64', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', '# Test fees', '%YAML 1.1\n---\n# Test fees')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/fees\.yaml:1: has a YAML directive \("%YAML 1\.1"\)\. Delete the line/
      ),
    ])
  })

  it.each(['!!str 45', '!!float 45', '!fee 45', '!!binary NDU='])(
    'refuses the YAML tag in "amount: %s": a tag changes what a value is',
    (value) => {
      const dir = fixtureCopy()
      edit(dir, 'data/fees.yaml', 'amount: 40.00', `amount: ${value}`)
      expect(errorsIn(dir)).toEqual([
        expect.stringMatching(/data\/fees\.yaml:7: uses a YAML tag \(a word starting with "!"\)/),
      ])
    }
  )

  it.each(['0x2D', '0o55', '045', '4.5e1', '+45', '.5', '45.', '.inf'])(
    'refuses the fee %s: numbers are written as plain decimals',
    (amount) => {
      const dir = fixtureCopy()
      edit(dir, 'data/fees.yaml', 'amount: 40.00', `amount: ${amount}`)
      expect(errorsIn(dir)).toEqual([
        expect.stringMatching(
          new RegExp(`data/fees\\.yaml:7: has the number "${amount.replace(/[.+]/g, '\\$&')}"`)
        ),
      ])
    }
  )

  it('refuses a percentage written in hex, and keeps plain ones', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'percent: 2.5', 'percent: 0x2')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/data\/fees\.yaml:25: has the number "0x2"/),
    ])
    edit(dir, 'data/fees.yaml', 'percent: 0x2', 'percent: 0.5')
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: 40')
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('routes and sites', () => {
  it('keeps /cdn-cgi for Cloudflare', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/cdn.md', page(FRONT.replace('/hostile', '/cdn-cgi')))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/cdn\.md:2: field "route" is "\/cdn-cgi", which is kept for Cloudflare/
      ),
    ])
  })

  it.each([
    ['a Cyrillic letter in it (www.nј.gov)', 'https://www.n\u0458.gov/fire.pdf'],
    ['punycode written out', 'https://www.xn--n-xjb.gov/fire.pdf'],
    ['a Greek letter', 'https://www.nfp\u03b1.org/tips.pdf'],
  ])('refuses a site name with %s', (_, url) => {
    const dir = fixtureCopy()
    edit(dir, 'data/links.yaml', 'https://www.nfpa.org/tips.pdf', url)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/links\.yaml:3: entry "nfpa": field "url" should be a plain web address .*a site name in plain letters a to z/
      ),
    ])
  })

  it('names a site the content has not used before in a notice on its line, at its first entry', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/documents.yaml',
      'https://files.example.org/audit-2020.pdf',
      'https://files.example.net/audit-2020.pdf'
    )
    edit(
      dir,
      'data/meetings/2026.yaml',
      'https://diuy0t6boke2n.cloudfront.net/Agendas',
      'https://d1zzz.cloudfront.net/Agendas'
    )
    expect(errorsIn(dir)).toEqual([])
    const notices = problemsIn(dir, 'notice').filter((n) => /not used before/.test(n))
    expect(notices).toEqual([
      expect.stringMatching(
        /data\/documents\.yaml:5: entry "ordinance": is on files\.example\.org, a site the content has not used before\. Check that it is the site you mean/
      ),
      expect.stringMatching(
        /data\/documents\.yaml:\d+: entry "audit-2020": is on files\.example\.net, a site the content has not used before/
      ),
      expect.stringMatching(
        /data\/meetings\/2026\.yaml:7: entry "agenda-2026-02": is on d1zzz\.cloudfront\.net/
      ),
      expect.stringMatching(
        /data\/links\.yaml:7: entry "district-2": is on district2\.example\.org/
      ),
    ])
  })
})
