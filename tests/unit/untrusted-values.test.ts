import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { atomFeed } from '#lib/feed.ts'
import { edit, fixtureCopy, loadContent, page, problemsIn, put } from '#tests/helpers/content.ts'

// A content pull request is untrusted input (SECURITY.md): the
// values inside the files. Each hostile or careless value below is refused
// by the content check with its file and line, all of them in one pass, or
// shown to be harmless. Every case runs on a copy of the test content.
// (tests/unit/untrusted-content.test.ts has the files, routes and inputs
// that would stall the build.)

const errorsIn = (dir: string) => problemsIn(dir, 'error')

describe('addresses', () => {
  it.each([
    ['data/documents.yaml', 'https://files.example.org/budget-2019.pdf'],
    ['data/links.yaml', 'https://www.nfpa.org/tips.pdf'],
    ['data/forms.yaml', 'https://form.jotform.com/123'],
  ])('refuses a user name or password before the host in %s', (file, url) => {
    const dir = fixtureCopy()
    edit(dir, file, url, url.replace('https://', 'https://a:b@evil.example@'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/no user name, password or "@" before it/),
    ])
  })

  it.each([
    ['a number address with a port', 'https://192.168.0.1:8080/budget-2019.pdf'],
    ['a number address', 'https://10.0.0.1/budget-2019.pdf'],
    ['a port', 'https://files.example.org:8443/budget-2019.pdf'],
    ['a backslash before an "@"', 'https://evil.example\\@files.example.org/budget-2019.pdf'],
    ['a backslash in the path', 'https://files.example.org\\budget-2019.pdf'],
  ])('refuses a document address with %s, which programs read as different sites', (_, url) => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'https://files.example.org/budget-2019.pdf', url)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/documents\.yaml:11: entry "budget-2019": field "url" should be a plain web address .*not a number .*no port .*no backslash/
      ),
    ])
  })

  it('refuses an address whose host cannot be read, so nothing later crashes on it', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/links.yaml', 'https://www.nfpa.org/tips.pdf', 'https://exa_mple..org/x')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/links\.yaml:3: .*a site name in plain letters a to z with a dot/),
    ])
  })

  it('writes titles in the feed as escaped text, so quotes and markup stay words', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'title: 2020 budget', `title: '2020 "budget" <b>]]> & more'`)
    const xml = atomFeed(loadContent(dir), '2026-11-22')
    const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
    expect(doc.querySelector('parsererror')).toBeNull()
    const title = doc.querySelector('entry > title')!
    expect(title.getAttribute('type')).toBe('text')
    expect(title.textContent).toBe('2020 "budget" <b>]]> & more (PDF)')
    expect(xml).not.toContain('CDATA')
  })
})

describe('characters and encodings', () => {
  it.each([
    ['a soft hyphen', '\u00AD'],
    ['an Arabic letter mark', '\u061C'],
    ['a word joiner', '\u2060'],
    ['an invisible plus', '\u2064'],
    ['a Mongolian vowel separator', '\u180E'],
    ['an interlinear annotation mark', '\uFFF9'],
    ['a tag character', '\u{E0041}'],
    ['an escape character', '\u001B'],
    ['a lone carriage return', '\r'],
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['a Hangul filler', '\u3164'],
    ['a Hangul choseong filler', '\u115F'],
    ['a Hangul half-width filler', '\uFFA0'],
    ['a combining grapheme joiner', '\u034F'],
    ['a variation selector on a letter', '\uFE0F'],
  ])('refuses %s, with its line and column', (_, char) => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'The fee is', `The ${char}fee is`)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/fees\.md:8: has .* \(U\+[0-9A-F]{4,5}\) at column 5\./),
    ])
  })

  it('refuses them in titles and headings too, which reach tab titles and the feed', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'title: 2020 budget', 'title: 2020\u3164budget')
    edit(dir, 'pages/fees.md', 'title: ', 'title: \u115F')
    put(
      dir,
      'pages/heading.md',
      page(
        'route: /heading\ntitle: Heading\ndescription: A page with a heading that hides a character.\nsection: about',
        '## Fees\u2028and more\n\nText.'
      )
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/documents\.yaml:\d+: has a Hangul filler \(U\+3164\) at column 14/
      ),
      expect.stringMatching(/pages\/fees\.md:3: has a Hangul filler \(U\+115F\) at column 8/),
      expect.stringMatching(/pages\/heading\.md:8: has a line separator \(U\+2028\) at column 8/),
    ])
  })

  it('keeps emoji, their variation selectors and the joiner inside them', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'The fee is', 'The fee 🔥 ❤️ 👩‍🚒 1️⃣ is')
    expect(errorsIn(dir)).toEqual([])
  })

  it('refuses a tab in page text, and allows one in YAML values, a page’s frontmatter too', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'The fee is', '\tThe fee is')
    edit(dir, 'pages/fees.md', 'title: Fees', 'title: "Fees\tand forms"')
    edit(dir, 'data/links.yaml', 'label: NFPA tips', 'label: "NFPA\ttips"')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/fees\.md:8: has a tab at column 1\. Use spaces instead/),
    ])
  })

  it('refuses a file that is not UTF-8, naming it, instead of changing its letters', () => {
    const dir = fixtureCopy()
    writeFileSync(
      join(dir, 'pages', 'latin.md'),
      Buffer.from(
        '---\nroute: /latin\ntitle: Caf\xe9\ndescription: A page saved in Latin-1 by an old editor program.\nsection: about\n---\n\nCaf\xe9.\n',
        'latin1'
      )
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/latin\.md: is not saved as UTF-8 text/),
    ])
  })

  it('reads Windows line ends and a byte-order mark as if they were not there', () => {
    const dir = fixtureCopy()
    const crlf = (text: string) => `\uFEFF${text.replace(/\n/g, '\r\n')}`
    put(
      dir,
      'pages/windows.md',
      crlf(
        page(
          'route: /windows\ntitle: Windows\ndescription: A page saved on Windows with a byte-order mark.\nsection: about\nshortTitle: Windows'
        )
      )
    )
    edit(dir, 'data/links.yaml', '- id: nfpa', '- id: nfpa\r')
    expect(errorsIn(dir)).toEqual([])
    expect(loadContent(dir).byRoute.get('/windows')?.title).toBe('Windows')
  })
})

describe('captions files: markup anywhere', () => {
  it('refuses markup in the lines that are not shown (the WEBVTT line, a NOTE, a cue name) and tags with attributes, each with its line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'captions/fire-is-fast.vtt',
      [
        'WEBVTT <script>alert(1)</script>',
        '',
        'NOTE <script>alert(2)</script>',
        '',
        '<img src=x onerror=alert(3)>',
        '00:00:00.000 --> 00:00:03.000',
        '<b onclick="alert(4)">Fire</b> is <c.x"y>fast</c>.',
        '',
      ].join('\n')
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/fire-is-fast\.vtt:1: has "<" or ">" outside the captions text/),
      expect.stringMatching(/fire-is-fast\.vtt:3: has "<" or ">" outside the captions text/),
      expect.stringMatching(/fire-is-fast\.vtt:5: has "<" or ">" outside the captions text/),
      expect.stringMatching(
        /fire-is-fast\.vtt:7: has markup that captions cannot use \("<b onclick=/
      ),
      expect.stringMatching(
        /fire-is-fast\.vtt:7: has markup that captions cannot use \("<c\.x\\"y>"\)/
      ),
    ])
  })

  it('keeps WebVTT as people write it: a title, notes, cue names, speakers, languages and classes', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'captions/fire-is-fast.vtt',
      [
        'WEBVTT - Fire is fast',
        '',
        'NOTE Made by the bureau. Checked 2026.',
        '',
        'intro',
        '00:00:00.000 --> 00:00:03.000 line:90%',
        "<v Chief O'Neil>Fire is <i>fast</i>.</v> <lang es>Rápido.</lang> <c.yellow.big>Go</c>",
        '',
      ].join('\n')
    )
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('figures', () => {
  it.each([
    ['an inspection fee', 'amount: 40.00', 'amount: 100000000000000000000'],
    ['the re-inspection fee', 'reinspection: 25.00', 'reinspection: 10000.01'],
  ])('refuses %s with no upper bound, with its line', (_, from, to) => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', from, to)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/fees\.yaml:\d+: .*should be at most 10000\.00, the most any fee/
      ),
    ])
  })
})

describe('one pass', () => {
  it('reports every hostile value and file above at once, each with its file (and line)', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'The fee is', 'The\u2028fee\u3164is\u115F\u034F')
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: 100000000000000000000')
    edit(
      dir,
      'data/documents.yaml',
      'https://files.example.org/budget-2019.pdf',
      'https://192.168.0.1:8080/budget-2019.pdf'
    )
    edit(
      dir,
      'data/documents.yaml',
      'https://files.example.org/audit-2020.pdf',
      'https://evil.example\\@files.example.org/audit-2020.pdf'
    )
    put(
      dir,
      'captions/fire-is-fast.vtt',
      'WEBVTT <script>\n\nNOTE <script>\n\n00:00:00.000 --> 00:00:03.000\n<b onclick="x()">Fire</b>\n'
    )
    put(dir, 'data/.gitkeep', 'x')
    mkdirSync(join(dir, 'README.md'))
    mkdirSync(join(dir, 'captions', '.hidden'))
    put(dir, 'pages/Thumbs.db', 'x')
    const errors = problemsIn(dir, 'error')
    const expected = [
      /README\.md: should be the staff guide/,
      /data\/\.gitkeep: should be empty/,
      /captions\/\.hidden: is a folder/,
      /pages\/fees\.md:8: has a line separator \(U\+2028\)/,
      /pages\/fees\.md:8: has a Hangul filler \(U\+3164\)/,
      /pages\/fees\.md:8: has a Hangul filler \(U\+115F\)/,
      /pages\/fees\.md:8: has a combining grapheme joiner \(U\+034F\)/,
      /data\/documents\.yaml:11: entry "budget-2019": field "url" should be a plain web address/,
      /data\/documents\.yaml:\d+: entry "audit-2020": field "url" should be a plain web address/,
      /data\/fees\.yaml:7: .*should be at most 10000\.00/,
      /captions\/fire-is-fast\.vtt:1: has "<" or ">" outside the captions text/,
      /captions\/fire-is-fast\.vtt:3: has "<" or ">" outside the captions text/,
      /captions\/fire-is-fast\.vtt:6: has markup that captions cannot use/,
    ]
    for (const pattern of expected)
      expect(
        errors.filter((line) => pattern.test(line)),
        String(pattern)
      ).toHaveLength(1)
    expect(errors).toHaveLength(expected.length)
    expect(problemsIn(dir, 'notice')).toContainEqual(
      expect.stringMatching(/pages\/Thumbs\.db: is a file your computer made for itself/)
    )
  })
})
