import { describe, expect, it } from 'vitest'
import { loadSiteContent } from '@/lib/content/site'
import { contentError, edit, fixtureCopy, page, put } from '../helpers/content'

// Each kind of bad content stops the build with one message that names the
// file, the line where known, the field or id, and what is expected.

describe('the test content', () => {
  it('loads, publishing pages but not drafts', () => {
    const { pages } = loadSiteContent(fixtureCopy())
    expect(pages.map((p) => p.route)).toEqual(['/', '/fees'])
  })
})

describe('content errors', () => {
  it('names the file and line of malformed frontmatter', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/bad.md',
      '---\nroute: /bad\ntitle: Fees: what they are\nsection: about\n---\nText\n'
    )
    const error = contentError(dir)
    expect(error.message).toMatch(/pages\/bad\.md:3: is not valid YAML/)
    expect(error.message).toContain('put quotes around text that contains a colon')
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
    expect(contentError(dir).message).toMatch(
      /pages\/untitled\.md:\d+: field "title" is required \(expected string\)/
    )
  })

  it('names a wrong type: a fee that is not a number', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 45.00', 'amount: 45 dollars')
    expect(contentError(dir).message).toMatch(
      /data\/fees\.yaml:\d+: field "inspection\.tiers\[0\]\.amount" should be a number but is the text "45 dollars"/
    )
  })

  it('names an unknown document id, with its line', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/docs.md',
      page(
        'route: /docs\ntitle: Docs\ndescription: A page that refers to a document that does not exist.\nsection: district',
        'Intro.\n\n@document budget-1999'
      )
    )
    expect(contentError(dir).message).toMatch(
      /pages\/docs\.md:10: "@document" refers to unknown id "budget-1999"; it is not in content\/data\/documents\.yaml/
    )
  })

  it('names unknown video and form ids', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/v.md',
      page(
        'route: /v\ntitle: V\ndescription: A page that refers to a video that does not exist.\nsection: lessons',
        '@video fire-is-slow'
      )
    )
    expect(contentError(dir).message).toContain('"@video" refers to unknown id "fire-is-slow"')
    const dir2 = fixtureCopy()
    put(
      dir2,
      'pages/f.md',
      page(
        'route: /f\ntitle: F\ndescription: A page that refers to a form that does not exist here.\nsection: inspections',
        '@form nope'
      )
    )
    expect(contentError(dir2).message).toContain(
      '"@form" refers to unknown id "nope"; it is not in content/data/forms.yaml'
    )
  })

  it('names a Markdown link to a route that does not exist', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', '[the fees](/fees)', '[the fees](/feez)')
    expect(contentError(dir).message).toMatch(
      /pages\/home\.md:8: links to "\/feez", but no page has the route "\/feez"/
    )
  })

  it('refuses a link to a draft page', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/home.md', '[the fees](/fees)', '[the draft](/draft)')
    expect(contentError(dir).message).toContain('no page has the route "/draft"')
  })

  it('names two pages that claim the same route', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'pages/zz-fees-again.md',
      page(
        'route: /fees\ntitle: Fees again\ndescription: A second page that claims the route of the fees page.\nsection: inspections'
      )
    )
    expect(contentError(dir).message).toMatch(
      /pages\/zz-fees-again\.md: field "route" is "\/fees", which .*pages\/fees\.md already uses/
    )
  })

  it('names a registry entry whose address is not https', () => {
    const dir = fixtureCopy()
    edit(
      dir,
      'data/documents.yaml',
      'https://files.example.org/budget-2019.pdf',
      'http://files.example.org/budget-2019.pdf'
    )
    expect(contentError(dir).message).toMatch(
      /data\/documents\.yaml:\d+: entry "budget-2019": field "url" should be a web address that starts with https:\/\//
    )
  })

  it('names a registry entry with an unknown kind', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'kind: audit', 'kind: audits')
    expect(contentError(dir).message).toMatch(
      /entry "audit-2020": field "kind" should be one of: .*"audit".* \(found the text "audits"\)/
    )
  })

  it('names a registry entry with a missing address', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', '  url: https://files.example.org/audit-2020.pdf\n', '')
    expect(contentError(dir).message).toMatch(
      /data\/documents\.yaml:\d+: entry "audit-2020": field "url" is required/
    )
  })

  it('refuses two registry entries with one id', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/documents.yaml', 'id: budget-2020', 'id: budget-2019')
    expect(contentError(dir).message).toMatch(
      /entry "budget-2019": uses an id that an earlier entry already has/
    )
  })

  it('refuses fee tiers that overlap', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'minBusinessDays: 4', 'minBusinessDays: 1')
    expect(contentError(dir).message).toMatch(
      /data\/fees\.yaml: field "inspection\.tiers" do not fit together: tier "short-notice" overlaps/
    )
  })

  it('refuses an unknown frontmatter field, naming it', () => {
    const dir = fixtureCopy()
    edit(dir, 'pages/fees.md', 'section: inspections', 'section: inspections\ntitel: Oops')
    expect(contentError(dir).message).toMatch(/pages\/fees\.md:\d+: has unknown field: titel/)
  })

  it('refuses a page without frontmatter', () => {
    const dir = fixtureCopy()
    put(dir, 'pages/plain.md', '# Just text\n')
    expect(contentError(dir).message).toMatch(/pages\/plain\.md:1: has no frontmatter/)
  })

  it('refuses a navigation entry to a missing route', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/navigation.yaml', 'route: /fees', 'route: /fee')
    expect(contentError(dir).message).toMatch(
      /data\/navigation\.yaml:\d+: field "route" is "\/fee", but no page has that route/
    )
  })
})
