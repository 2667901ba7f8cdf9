import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { edit, fixtureCopy, page, problemsIn, put } from '#tests/helpers/content.ts'

// A content pull request is untrusted input (SECURITY.md). Each
// hostile or careless input below is refused by the content check with its
// file (and line where there is one), or shown to be harmless. Every case
// runs on a copy of the test content, never on content/.

const errorsIn = (dir: string) => problemsIn(dir, 'error')
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nFire is fast.\n'

describe('files in content/ that the site does not use', () => {
  it('refuses anything in captions/ but WebVTT files, naming each path', () => {
    const dir = fixtureCopy()
    put(dir, 'captions/pay.html', '<script src="/captions/steal.js"></script>')
    put(dir, 'captions/steal.js', 'alert(localStorage.getItem("decap-cms-user"))')
    put(dir, 'captions/.hidden.vtt', VTT)
    mkdirSync(join(dir, 'captions', 'more'))
    put(dir, 'captions/more/a.vtt', VTT)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions\/\.hidden\.vtt: starts with a dot/),
      expect.stringMatching(/captions\/more: is a folder; content\/captions holds files only/),
      expect.stringMatching(/captions\/pay\.html: is not a captions file: captions are WebVTT/),
      expect.stringMatching(/captions\/steal\.js: is not a captions file/),
    ])
  })

  it('refuses a captions file that no video names', () => {
    const dir = fixtureCopy()
    put(dir, 'captions/spare.vtt', VTT)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions\/spare\.vtt: is not used by any video/),
    ])
  })

  it('refuses cue text with markup other than WebVTT tags, and STYLE blocks', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'captions/fire-is-fast.vtt',
      'WEBVTT\n\nSTYLE\n::cue { color: red }\n\n00:00:00.000 --> 00:00:03.000\nFire is <b>fast</b>. <script>x()</script> <img src=x>\n'
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /fire-is-fast\.vtt:7: has markup that captions cannot use \("<script>"\)\. .*<b>, <i>/
      ),
      expect.stringMatching(
        /fire-is-fast\.vtt:7: has markup that captions cannot use \("<\/script>"\)/
      ),
      expect.stringMatching(
        /fire-is-fast\.vtt:7: has markup that captions cannot use \("<img src=x>"\)/
      ),
      expect.stringMatching(/fire-is-fast\.vtt: has a STYLE block/),
    ])
  })

  it('refuses pages that would be hidden or silently skipped: .hidden.md, x.MD, notes.txt', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/.hidden.md', page('route: /hidden'))
    put(dir, 'pages/x.MD', page('route: /x'))
    put(dir, 'pages/notes.txt', 'notes')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/\.hidden\.md: starts with a dot/),
      expect.stringMatching(/pages\/notes\.txt: is not a page file/),
      expect.stringMatching(/pages\/x\.MD: has a name the site cannot use/),
    ])
  })

  it('refuses unknown files in data/ and at the top of content/', () => {
    const dir = fixtureCopy()
    put(dir, 'data/extra.yaml', 'a: 1\n')
    put(dir, 'index.html', '<p>hi</p>')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/index\.html: is not something the site uses/),
      expect.stringMatching(/data\/extra\.yaml: is not one of the site's registry files/),
    ])
  })

  it('names every file it does not read: errors for what no computer makes by itself', () => {
    const dir = fixtureCopy()
    put(dir, 'data/.gitkeep', '<script>alert(1)</script>')
    put(dir, 'pages/.gitkeep', 'x')
    put(dir, 'captions/.gitkeep', '')
    mkdirSync(join(dir, 'README.md'))
    mkdirSync(join(dir, 'captions', '.hidden'))
    put(dir, 'captions/.hidden/fire-is-fast.vtt', VTT)
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /README\.md: should be the staff guide, a Markdown file, but it is not a file/
      ),
      expect.stringMatching(/pages\/\.gitkeep: should be empty: a \.gitkeep file only keeps/),
      expect.stringMatching(/data\/\.gitkeep: should be empty/),
      expect.stringMatching(/captions\/\.hidden: is a folder; content\/captions holds files only/),
    ])
  })

  it('names the files computers make for themselves, as notices: they are never read or published', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/Thumbs.db', '<script>alert(1)</script>')
    put(dir, 'captions/desktop.ini', '[.ShellClassInfo]')
    put(dir, 'data/.DS_Store', 'x')
    const notices = problemsIn(dir, 'notice').filter((line) => /made for itself/.test(line))
    expect(notices).toEqual([
      expect.stringMatching(/pages\/Thumbs\.db: is a file your computer made for itself/),
      expect.stringMatching(/data\/\.DS_Store: is a file your computer made for itself/),
      expect.stringMatching(/captions\/desktop\.ini: is a file your computer made for itself/),
    ])
    expect(errorsIn(dir)).toEqual([])
  })

  it('follows no link (symlink) anywhere in content/', () => {
    const dir = fixtureCopy()
    const outside = join(tmpdir(), `outside-${process.pid}.md`)
    writeFileSync(outside, page('route: /outside'))
    symlinkSync(outside, join(dir, 'pages', 'outside.md'))
    symlinkSync('/etc/passwd', join(dir, 'captions', 'passwd.vtt'))
    symlinkSync(join(dir, 'data', 'site.yaml'), join(dir, 'README.md'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/README\.md: is a link to another file or folder/),
      expect.stringMatching(/pages\/outside\.md: is a link to another file or folder/),
      expect.stringMatching(/captions\/passwd\.vtt: is a link to another file or folder/),
    ])
  })

  it('refuses a linked folder without reading what it points to', () => {
    const dir = fixtureCopy()
    const elsewhere = fixtureCopy()
    symlinkSync(join(elsewhere, 'captions'), join(dir, 'captions-link'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions-link: is a link to another file or folder/),
    ])
  })
})

describe('routes the site or its hosts use', () => {
  it.each(['/admin', '/captions', '/pagefind', '/api', '/404', '/index', '/sitemap', '/feed'])(
    'refuses a page on %s, with the line of its route',
    (route) => {
      const dir = fixtureCopy()
      put(
        dir,
        'pages/taken.md',
        page(
          `route: ${route}\ntitle: Taken\ndescription: A page on a route the site keeps for itself.\nsection: about`
        )
      )
      expect(errorsIn(dir)).toEqual([
        expect.stringMatching(
          new RegExp(
            `pages/taken\\.md:2: field "route" is "${route}", which is kept for .*Choose another route`
          )
        ),
      ])
    }
  )

  it('lets only the search page have /search', () => {
    const dir = fixtureCopy()
    const search = (body: string) =>
      page(
        'route: /search\ntitle: Search\ndescription: Search every page and document of the site.\nsection: about',
        body
      )
    put(dir, 'pages/search.md', search('Find a page.'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/search\.md:2: .*kept for the search page/),
    ])
    put(dir, 'pages/search.md', search('Find a page.\n\n@search'))
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('inputs that would crash or stall the build', () => {
  it('refuses YAML aliases (a few lines of them can grow into millions of values)', () => {
    const dir = fixtureCopy()
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for (const [from, to] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
    ])
      bomb.push(`${to}: &${to} [${Array(9).fill(`*${from}`).join(',')}]`)
    put(dir, 'data/facts.yaml', `${bomb.join('\n')}\n`)
    // Without the rule, this content takes minutes or crashes instead of giving this one problem.
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/data\/facts\.yaml:2: uses a YAML alias \(\*a\)/),
    ])
  })

  it('refuses lists and quotes nested thousands deep, at the first line too deep', () => {
    const dir = fixtureCopy()
    const front =
      'route: /deep\ntitle: Deep\ndescription: A page with text nested far too deep.\nsection: about'
    put(dir, 'pages/deep.md', page(front, `${'>'.repeat(5000)} hi`))
    put(
      dir,
      'pages/list.md',
      page(
        front.replace('/deep', '/list'),
        Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')
      )
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/deep\.md:8: nests lists or quotes more than 10 levels deep/),
      expect.stringMatching(/pages\/list\.md:28: nests lists or quotes more than 10 levels deep/),
    ])
  })

  it('checks a content folder that is itself missing without crashing', () => {
    const source = readContentSource(join(tmpdir(), 'no-such-content-folder'))
    expect(
      checkContent(source).problems.filter((p) => p.severity === 'error').length
    ).toBeGreaterThan(0)
  })
})

describe('one pass finds every mistake', () => {
  it('a bad fee does not hide a duplicate route or raw HTML in a page', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: forty')
    put(
      dir,
      'pages/copy.md',
      page(
        'route: /fees\ntitle: Copy\ndescription: A second page that takes the fee page route.\nsection: about'
      )
    )
    edit(dir, 'pages/home.md', '---\n\n', '---\n\n<div>raw</div>\n\n')
    const errors = errorsIn(dir).join('\n')
    expect(errors).toMatch(/data\/fees\.yaml:\d+: .*should be a number/)
    expect(errors).toMatch(/pages\/copy\.md:2: field "route" is "\/fees", which .*fees\.md/)
    expect(errors).toMatch(/pages\/home\.md:\d+: has raw HTML/)
  })

  it('lists every Markdown mistake of a page, each with its line', () => {
    const dir = fixtureCopy()
    const body = [
      '<b>raw</b>',
      '',
      '[gone](/no-such-page)',
      '',
      '{{fee:nope}}',
      '',
      '@nothing-here',
      '',
      '[to](#no-heading)',
    ].join('\n')
    put(
      dir,
      'pages/messy.md',
      page(
        'route: /messy\ntitle: Messy\ndescription: A page with five mistakes in its text.\nsection: about',
        body
      )
    )
    const messy = errorsIn(dir).filter((line) => line.includes('messy.md'))
    expect(messy).toEqual([
      expect.stringMatching(/messy\.md:8: has raw HTML/),
      expect.stringMatching(/messy\.md:10: links to "\/no-such-page"/),
      expect.stringMatching(/messy\.md:12: has the token \{\{fee:nope\}\}/),
      expect.stringMatching(/messy\.md:16: links to "#no-heading"/),
      expect.stringMatching(/messy\.md:14: has an unknown @ line "@nothing-here"/),
    ])
  })

  it('checks the text of a page whose frontmatter has a mistake', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/half.md', page('route: /half\ntitle: Half\nsection: about', '<i>raw</i>'))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/half\.md:2: field "description"/),
      expect.stringMatching(/pages\/half\.md:7: has raw HTML/),
    ])
  })

  it('checks every link of such a page in plain words, and still waits on registry links', () => {
    // This crashed the whole check once: the links that need no registry
    // were checked with none there.
    const dir = fixtureCopy()
    const body = [
      '[a](https://example.org)',
      '[b](mailto:bureau@example.org)',
      '[c](javascript:alert(1))',
      '[d](doc:nope)',
    ].join('\n\n')
    put(dir, 'pages/half.md', page('route: /half\ntitle: Half\nsection: about', body))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/pages\/half\.md:2: field "description"/),
      expect.stringMatching(/pages\/half\.md:7: links straight to https:\/\/example\.org/),
      expect.stringMatching(/pages\/half\.md:9: has a mailto link/),
      expect.stringMatching(/pages\/half\.md:11: has a link to "javascript:alert\(1\)"/),
    ])
  })
})
