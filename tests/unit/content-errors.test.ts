import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { noticesSummary } from '#lib/content/report.ts'
import { loadContent } from '#tests/helpers/content.ts'
import { contentError, edit, fixtureCopy, page, problemsIn, put } from '../helpers/content.ts'

// Each kind of content mistake is reported in plain words with its file and
// line, and the check goes on to find the others. Files are named as staff
// see them; the test content is copied to a temporary folder, so names here
// end in the path inside the content folder.

const errorsIn = (dir: string) => problemsIn(dir, 'error')
const noticesIn = (dir: string) => problemsIn(dir, 'notice')

describe('the test content', () => {
  it('loads, publishing pages but not drafts', () => {
    const { pages } = loadContent(fixtureCopy())
    expect(pages.map((p) => p.route)).toEqual(['/', '/fees', '/lessons'])
  })

  it('has no errors', () => {
    expect(errorsIn(fixtureCopy())).toEqual([])
  })
})

describe('YAML and frontmatter mistakes', () => {
  it('names the file and line of malformed frontmatter, with the likely cause', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/bad.md',
      '---\nroute: /bad\ntitle: Fees: what they are\nsection: about\n---\nText\n'
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/bad\.md:3: is not valid YAML: .*put quotes around text that contains a colon/
      ),
    ])
  })

  it('says a line is indented one space off, not that a quote is left open', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/links.yaml',
      '  url: https://www.nfpa.org/tips.pdf',
      ' url: https://www.nfpa.org/tips.pdf'
    )
    const errors = errorsIn(dir).join('\n')
    expect(errors).toMatch(
      /data\/links\.yaml:3: is not valid YAML: this line starts with 1 spaces?, an odd number/
    )
    expect(errors).not.toMatch(/quote or a bracket/)
  })

  it('says a tab is the problem when a line is indented with one', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/site.yaml', '  street:', '\tstreet:')
    expect(errorsIn(dir).join('\n')).toMatch(/data\/site\.yaml:\d+: .*indented with a tab/)
  })

  it('refuses a page without frontmatter', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/plain.md', '# Just text\n')
    expect(errorsIn(dir)).toEqual([expect.stringMatching(/pages\/plain\.md:1: has no frontmatter/)])
  })

  it('names a missing required field', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/untitled.md',
      page(
        'route: /untitled\ndescription: A page without a title, which every page needs.\nsection: about'
      )
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/untitled\.md:\d+: field "title" is required: it cannot be left empty/
      ),
    ])
  })

  it('names a misspelled field and suggests the right one, once', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'section: inspections', 'sektion: inspections')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/fees\.md:5: has an unknown field: "sektion" \(did you mean "section"\?\)/
      ),
    ])
  })

  it('says how long a text may be, in words, never in the schema library wording', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'title: Fees', `title: ${'Fees and more '.repeat(6)}`)
    const [message] = errorsIn(dir)
    expect(message).toMatch(
      /pages\/fees\.md:3: field "title" is too long: at most 70 characters \(it has 83\)\. Shorten it\./
    )
    expect(message).not.toMatch(/Too big|expected string|<=/)
  })

  it('refuses an unknown section, listing the choices', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'section: inspections', 'section: inspection')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/fees\.md:5: field "section" should be one of: "home", "inspections", .* \(found the text "inspection"\)/
      ),
    ])
  })
})

describe('registry mistakes', () => {
  it('names a wrong type: a fee that is not a number', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: 40 dollars')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/fees\.yaml:7: field "amount" \(inspection, tiers entry 1\) should be a number but is the text "40 dollars"/
      ),
    ])
  })

  it('says a date that does not exist is not a real date, and how to write one', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: closed\n  level: information\n  start: '2026-02-30'\n  end: '2026-03-02'\n  message: Closed.\n"
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/alerts\.yaml:3: entry "closed": field "start" is "2026-02-30", which is not a real date\. Write a real day as YYYY-MM-DD/
      ),
    ])
  })

  it('names a registry entry whose address is not https', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/documents.yaml',
      'https://files.example.org/budget-2019.pdf',
      'http://files.example.org/budget-2019.pdf'
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/documents\.yaml:11: entry "budget-2019": field "url" should be a web address that starts with https:\/\//
      ),
    ])
  })

  it('names a registry entry with an unknown kind', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'kind: audit', 'kind: audits')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /entry "audit-2020": field "kind" should be one of: .*"audit".* \(found the text "audits"\)/
      ),
    ])
  })

  it('reports every mistake in a file, not only the first', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', '  url: https://files.example.org/audit-2020.pdf\n', '')
    edit(dir, 'data/documents.yaml', 'kind: budget\n  year: 2019', 'kind: budget\n  year: 19')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /documents\.yaml:9: entry "budget-2019": field "year" should be at least 1990/
      ),
      expect.stringMatching(/documents\.yaml:\d+: entry "audit-2020": field "url" is required/),
    ])
  })

  it('keeps the phone number once: every phone link dials the number people read', () => {
    const dir = fixtureCopy()
    const site = readFileSync(join(dir, 'data/site.yaml'), 'utf8')
    // The number changed as staff change it: the one place it is written.
    put(dir, 'data/site.yaml', site.replace(/^phone: .*$/m, 'phone: (555) 010-0199 ext. 12'))
    edit(dir, 'pages/home.md', 'Welcome.', 'Welcome. Call {{site:phone}}.')
    const home = loadContent(dir).pages.find((p) => p.route === '/')!
    const html = home.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('')
    expect(html).toContain(
      '<a href="tel:+15550100199,12">(555)\u00a0010\u20110199\u00a0ext.\u00a012</a>'
    )
  })

  it('refuses a phone number it cannot dial, with its line and in plain words', () => {
    const dir = fixtureCopy()
    const site = readFileSync(join(dir, 'data/site.yaml'), 'utf8')
    put(dir, 'data/site.yaml', site.replace(/^phone: .*$/m, 'phone: call the office'))
    const line = site.split('\n').findIndex((l) => l.startsWith('phone:')) + 1
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        new RegExp(
          `site\\.yaml:${line}: field "phone" should be a phone number with its area code, such as \\(`
        )
      ),
    ])
  })

  it('refuses an entry added with an id another has, naming both by the words the editor shows', () => {
    // Added at the top, where the editor puts a new entry.
    const dir = fixtureCopy()
    const documents = readFileSync(join(dir, 'data/documents.yaml'), 'utf8')
    put(
      dir,
      'data/documents.yaml',
      `- id: budget-2019\n  title: 2021 budget\n  kind: budget\n  type: pdf\n  url: https://files.example.org/budget-2021.pdf\n${documents}`
    )
    const line = documents.split('\n').indexOf('- id: budget-2019') + 1 + 5
    expect(errorsIn(dir)).toEqual([
      expect.stringContaining(
        `documents.yaml:1: entry "2021 budget": uses the id "budget-2019", which the entry "2019 budget" (line ${line}) also uses. Ids must be unique: give one of them another id`
      ),
    ])
  })

  it('names an alert that has the id of another by its days, as the editor lists alerts', () => {
    const dir = fixtureCopy()
    const alert = (start: string, end: string) =>
      `- id: closed\n  level: information\n  start: '${start}'\n  end: '${end}'\n  message: The office is closed.\n`
    put(
      dir,
      'data/alerts.yaml',
      alert('2030-03-10', '2030-03-12') + alert('2026-11-26', '2026-11-27')
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringContaining(
        'alerts.yaml:1: entry from 2030-03-10 to 2030-03-12: uses the id "closed", which the entry from 2026-11-26 to 2026-11-27 (line 6) also uses.'
      ),
    ])
  })

  it('refuses fee tiers that overlap', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'minBusinessDays: 4', 'minBusinessDays: 1')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/fees\.yaml:4: field "tiers" \(inspection\) do not fit together: tier "short-notice" overlaps/
      ),
    ])
  })

  it('refuses a missing registry file', () => {
    const dir = fixtureCopy()
    put(dir, 'data/links.yaml', '')
    expect(errorsIn(dir).join('\n')).toMatch(/data\/links\.yaml.*should be a list of entries/)
  })
})

describe('references that do not exist', () => {
  it('names an unknown document id with its line, and suggests the nearest one', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/docs.md',
      page(
        'route: /docs\ntitle: Docs\ndescription: A page that refers to a document that does not exist.\nsection: district',
        'Intro.\n\n@document budget-2091'
      )
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/docs\.md:10: "@document" refers to unknown id "budget-2091"; it is not in content\/data\/documents\.yaml\. Did you mean "budget-2019"\?$/
      ),
    ])
  })

  it('does not guess when no id is close', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/v.md',
      page(
        'route: /v\ntitle: V\ndescription: A page that refers to a video that does not exist.\nsection: lessons',
        '@video something-else-entirely'
      )
    )
    const [message] = errorsIn(dir)
    expect(message).toContain('"@video" refers to unknown id "something-else-entirely"')
    expect(message).not.toContain('Did you mean')
  })

  it('names a Markdown link to a route that does not exist', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', '[the fees](/fees)', '[the fees](/feez)')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/home\.md:8: links to "\/feez", but no page has the route "\/feez"\. Did you mean "\/fees"\?/
      ),
    ])
  })

  it('refuses a link to a draft page', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', '[the fees](/fees)', '[the draft](/draft)')
    expect(errorsIn(dir).join('\n')).toContain('no page has the route "/draft"')
  })

  it('refuses a menu entry to a missing route, with its line', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/navigation.yaml', 'route: /fees', 'route: /fee')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/navigation\.yaml:7: field "route" is "\/fee", but no published page has that route\. Did you mean "\/fees"\?/
      ),
    ])
  })

  it('refuses a fee ordinance that is not a document', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'ordinance: ordinance', 'ordinance: ordinanse')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/fees\.yaml:\d+: field "ordinance" \(cardFees\) refers to document "ordinanse".*Did you mean "ordinance"\?/
      ),
    ])
  })
})

describe('pages that cannot be published as they are', () => {
  it('names both files of a route that two pages claim, each with its line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/a-new-fees-page.md',
      page(
        'route: /fees\ntitle: Fees again\ndescription: A second page that claims the route of the fees page.\nsection: inspections'
      )
    )
    const errors = errorsIn(dir)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(
      /pages\/a-new-fees-page\.md:2: field "route" is "\/fees", which .*pages\/fees\.md \(line 2\) also uses/
    )
    expect(errors[1]).toMatch(
      /pages\/fees\.md:2: field "route" is "\/fees", which .*pages\/a-new-fees-page\.md \(line 2\) also uses/
    )
    // Paths are as staff see them: no absolute path to the repository.
    expect(errors[0]).not.toContain(process.cwd())
  })

  it('refuses a heading used twice in one page, naming both lines', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', '## Budgets', '## Budgets\n\nText.\n\n## Budgets')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/fees\.md:16: the heading "Budgets" is already used on line 12 of this page/
      ),
    ])
  })

  it('refuses a tab title that would not fit, and says how to shorten it', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'pages/fees.md',
      'title: Fees',
      `title: ${'Inspection fees and payments '.repeat(2).trim()}`
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/fees\.md:3: field "title": the browser tab would read ".* \| Test Bureau", which is 71 characters; at most 70 fit\. Add a field "shortTitle:" of at most 56 characters/
      ),
    ])
    edit(dir, 'pages/fees.md', 'section:', 'shortTitle: Inspection fees\nsection:')
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('content that could hide or spoof text', () => {
  it('refuses raw HTML in a page, with its line, instead of removing it silently', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', 'Welcome.', 'Welcome.\n\n<div onclick="steal()">Click</div>')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /pages\/home\.md:10: has raw HTML \(.*<div onclick.*\)\. Raw HTML is not allowed; it would be removed/
      ),
    ])
  })

  it('lets comments for editors through', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', 'Welcome.', '<!-- Check the fee every January. -->\n\nWelcome.')
    expect(errorsIn(dir)).toEqual([])
  })

  it('refuses an alert that starts with HTML, which would show an empty notice', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: hidden\n  level: urgent\n  start: '2026-11-01'\n  end: '2026-11-30'\n  message: |\n    <script>alert(1)</script>\n"
    )
    expect(errorsIn(dir)).toEqual([expect.stringMatching(/data\/alerts\.yaml:6: has raw HTML/)])
  })

  it('refuses an alert whose message shows no text', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/alerts.yaml',
      "- id: empty\n  level: urgent\n  start: '2026-11-01'\n  end: '2026-11-30'\n  message: '---'\n"
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/data\/alerts\.yaml:5: entry "empty": field "message" shows no text/),
    ])
  })

  it('refuses bidirectional and invisible characters anywhere, with line and column', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'title: Fees', 'title: Fe\u202Ees')
    edit(dir, 'data/links.yaml', 'label: NFPA tips', 'label: NFPA\u200B tips')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/links\.yaml:2: has a zero width space \(U\+200B\) at column 14\. Characters like this are invisible/
      ),
      expect.stringMatching(
        /pages\/fees\.md:3: has a right-to-left override \(U\+202E\) at column 10/
      ),
    ])
  })

  it('accepts the byte-order mark some editors put at the start of a file', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', '---', '\uFEFF---')
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('outside hosts are fixed in code', () => {
  it('accepts a form on another JotForm host', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/forms.yaml', 'https://form.jotform.com/123', 'https://pci.jotform.com/123')
    expect(errorsIn(dir)).toEqual([])
  })

  it('refuses a form on any other host, saying a new host is a code change', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/forms.yaml', 'https://form.jotform.com/123', 'https://forms.example.org/123')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/forms\.yaml:4: entry "application": field "url" should be an address on JotForm \(form\.jotform\.com, pci\.jotform\.com\).*code change/
      ),
    ])
  })

  it('refuses a video file on another host', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/videos.yaml',
      'https://diuy0t6boke2n.cloudfront.net/test/FireIsFast.mp4',
      'https://videos.example.org/FireIsFast.mp4'
    )
    expect(errorsIn(dir).join('\n')).toMatch(
      /entry "fire-is-fast": field "url" should be an address on the fire district's video file host/
    )
  })
})

describe('captions', () => {
  it('refuses a captions file that is not there, suggesting the nearest one', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/videos.yaml', 'captions: fire-is-fast.vtt', 'captions: fire-is-fats.vtt')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /data\/videos\.yaml:5: entry "fire-is-fast": field "captions" names "fire-is-fats\.vtt", but there is no such file .*captions\. Did you mean "fire-is-fast\.vtt"\?/
      ),
    ])
  })

  it('refuses a captions file that is not WebVTT', () => {
    const dir = fixtureCopy()
    put(dir, 'captions/fire-is-fast.vtt', '1\n00:00:00,000 --> 00:00:03,000\nFire is fast.\n')
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions\/fire-is-fast\.vtt:1: is not a WebVTT captions file/),
    ])
  })

  // Three cues, their timings on lines 3, 6 and 9.
  const cues = (...cue: string[]) =>
    `WEBVTT\n${cue.map((c) => `\n${c.replace(' | ', '\n')}\n`).join('')}`

  it('refuses cues that are empty, overlap, or run past the length of the video, each at its timing line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'captions/fire-is-fast.vtt',
      cues(
        '00:00:00.000 --> 00:00:03.000 | <i> </i>',
        '00:00:02.500 --> 00:00:04.000 | Fire is fast.',
        '00:00:04.000 --> 00:01:00.500 | Get out.'
      )
    )
    edit(
      dir,
      'data/videos.yaml',
      'captions: fire-is-fast.vtt',
      'captions: fire-is-fast.vtt\n  duration: 60'
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions\/fire-is-fast\.vtt:3: is a cue with no words/),
      expect.stringMatching(
        /captions\/fire-is-fast\.vtt:6: starts at 0:02\.5, before the cue above it ends \(0:03\)\. Cues may not overlap/
      ),
      expect.stringMatching(
        /captions\/fire-is-fast\.vtt:9: ends at 1:00\.5, after the video ends \(at 1:00, its field "duration" in videos\.yaml\)/
      ),
    ])
  })

  it('lets cues run to the end of a video whose length it does not know, and touch each other', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'captions/fire-is-fast.vtt',
      cues('00:00:00.000 --> 00:00:03.000 | Fire is fast.', '00:00:03.000 --> 01:00:00.000 | Out.')
    )
    expect(errorsIn(dir)).toEqual([])
  })

  it('checks a descriptions file as a captions file, and refuses one no video names', () => {
    const dir = fixtureCopy()
    const name = 'fire-is-fast-descriptions.vtt'
    put(dir, `captions/${name}`, cues('00:00:01.000 --> 00:00:02.000 | '))
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(
        /captions\/fire-is-fast-descriptions\.vtt: is not used by any video\. Name it in the "captions" or "descriptions" field/
      ),
    ])
    edit(
      dir,
      'data/videos.yaml',
      'captions: fire-is-fast.vtt',
      `captions: fire-is-fast.vtt\n  descriptions: ${name}`
    )
    expect(errorsIn(dir)).toEqual([
      expect.stringMatching(/captions\/fire-is-fast-descriptions\.vtt:3: is a cue with no words/),
    ])
    edit(dir, 'data/videos.yaml', `descriptions: ${name}`, 'descriptions: fire-is-fast-seen.vtt')
    expect(errorsIn(dir)).toContainEqual(
      expect.stringMatching(
        /data\/videos\.yaml:6: entry "fire-is-fast": field "descriptions" names "fire-is-fast-seen\.vtt", but there is no such file/
      )
    )
  })
})

describe('alert dates, against the day the check runs', () => {
  const alert = (start: string, end: string) =>
    `- id: closed\n  level: information\n  start: '${start}'\n  end: '${end}'\n  message: The office is closed.\n`
  const noticesOn = (dir: string, today: string) =>
    checkContent(readContentSource(dir), today)
      .problems.filter((p) => p.severity === 'notice')
      .map((p) => p.message)

  it('gives a notice for an alert that has ended', () => {
    const dir = fixtureCopy()
    put(dir, 'data/alerts.yaml', alert('2026-11-01', '2026-11-05'))
    expect(noticesOn(dir, '2026-11-24')).toContainEqual(
      expect.stringMatching(/entry "closed": ended on 2026-11-05, so it shows nowhere/)
    )
    expect(noticesOn(dir, '2026-11-05').join('\n')).not.toMatch(/ended on/)
  })

  it('gives a notice for an alert that runs more than a year (a mistyped year)', () => {
    const dir = fixtureCopy()
    put(dir, 'data/alerts.yaml', alert('2026-11-23', '2027-12-04'))
    expect(noticesOn(dir, '2026-11-24')).toContainEqual(
      expect.stringMatching(
        /runs more than a year, from 2026-11-23 to 2027-12-04\. Check the years/
      )
    )
  })
})

describe('notices', () => {
  it('list a page in no menu, saying where it is linked from', () => {
    const dir = fixtureCopy()
    expect(noticesIn(dir)).toContainEqual(
      expect.stringMatching(/pages\/lessons\.md:2: is in no menu and no page links to it/)
    )
    edit(
      dir,
      'pages/home.md',
      'See [the fees](/fees).',
      'See [the fees](/fees) and [lessons](/lessons).'
    )
    expect(noticesIn(dir)).toContainEqual(
      expect.stringMatching(/pages\/lessons\.md:2: is in no menu; it is linked from \//)
    )
    expect(errorsIn(dir)).toEqual([])
  })

  it('list each video without captions or descriptions, and so does the pull request summary', () => {
    const dir = fixtureCopy()
    const notices = noticesIn(dir)
    expect(notices).toContainEqual(
      expect.stringMatching(/data\/videos\.yaml:1: entry "fire-is-fast": has no descriptions yet/)
    )
    expect(notices).toContainEqual(
      expect.stringMatching(
        /data\/videos\.yaml:8: entry "reading": has no captions and no descriptions yet/
      )
    )
    const { problems } = checkContent(readContentSource(dir), '2026-01-01')
    const summary = noticesSummary(problems).split('\n')
    expect(summary[0]).toBe('### Worth a look (notices of the content check)')
    for (const notice of notices) expect(summary).toContain(`- ${notice}`)
    put(dir, 'captions/seen.vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nSmoke.\n')
    edit(
      dir,
      'data/videos.yaml',
      '  captions: fire-is-fast.vtt',
      '  captions: fire-is-fast.vtt\n  descriptions: seen.vtt'
    )
    expect(noticesIn(dir).join('\n')).not.toMatch(/"fire-is-fast": has no/)
  })

  it('point at a figure typed out where a registry holds it', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', 'Welcome.', 'Welcome. The fee is $40 and the card fee 2.5%.')
    const notices = noticesIn(dir)
    expect(notices).toContainEqual(
      expect.stringMatching(
        /pages\/home\.md:8: types "\$40", which is the "standard" inspection fee.*\{\{fee:standard\}\}/
      )
    )
    expect(notices).toContainEqual(expect.stringMatching(/types "2\.5%".*\{\{card-fee:online\}\}/))
    // $400 is not the $40 fee.
    edit(dir, 'pages/home.md', '$40 and', '$400 and')
    expect(noticesIn(dir).join('\n')).not.toContain('"$40"')
  })
})

describe('notices on wording, never errors: an honest sentence in its own words publishes', () => {
  it('point at a line that says where an extinguisher or a CO alarm goes in its own words, naming the fact', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/facts.yaml',
      'co-alarm-life: 7 years',
      'co-alarm-life: 7 years\nextinguisher-placement: in the kitchen\nco-alarm-placement: near where people sleep'
    )
    edit(
      dir,
      'pages/home.md',
      'Welcome.',
      [
        'Welcome.',
        'Keep a fire extinguisher in the kitchen.',
        'Put a CO alarm near every bedroom.',
        'You need a smoke alarm on every level, a CO alarm and an extinguisher.',
        'Keep an extinguisher {{fact:extinguisher-placement}}.',
      ].join('\n\n')
    )
    const notices = noticesIn(dir).filter((n) => n.includes('own words'))
    expect(notices).toEqual([
      expect.stringMatching(
        /pages\/home\.md:10: says where a fire extinguisher goes in its own words\. Write \{\{fact:extinguisher-placement\}\} instead/
      ),
      expect.stringMatching(
        /pages\/home\.md:12: says where a carbon monoxide alarm goes in its own words\. Write \{\{fact:co-alarm-placement\}\} instead/
      ),
    ])
    expect(errorsIn(dir)).toEqual([])
  })
})

describe('the error thrown by the loader', () => {
  it('lists every error, one per line', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: lots')
    edit(dir, 'data/fees.yaml', 'amount: 80.00', 'amount: more')
    const error = contentError(dir)
    expect(error.problems).toHaveLength(2)
    expect(error.message.split('\n')).toHaveLength(2)
  })
})
