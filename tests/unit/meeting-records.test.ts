import { mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent } from '#lib/content/index.ts'
import { documentHref } from '#lib/content/schemas.ts'
import { fixtureCopy, loadContent, problemsIn, put } from '#tests/helpers/content.ts'

// The Board's meeting records: documents kept one file per year in
// content/data/meetings, so the editor opens each quickly. The site reads
// them with documents.yaml's, and holds them to the same rules, plus the
// year of their file.

const record = (id: string, year: number, url = `https://files.example.org/${id}.docx`) =>
  `- id: ${id}\n  title: Minutes, March ${year}\n  kind: minutes\n  year: ${year}\n  type: word\n  url: ${url}\n`

describe('meeting records (content/data/meetings/<year>.yaml)', () => {
  it("are documents: listed with documents.yaml's, by id", () => {
    const dir = fixtureCopy()
    put(dir, 'data/meetings/2019.yaml', record('minutes-2019-03', 2019))
    const { registries } = loadContent(dir)
    expect(registries.documents.get('minutes-2019-03')).toMatchObject({
      kind: 'minutes',
      year: 2019,
    })
    expect(registries.documents.get('budget-2019')).toBeDefined()
  })

  it('must be of the year their file is named for', () => {
    const dir = fixtureCopy()
    put(dir, 'data/meetings/2019.yaml', record('minutes-2018-03', 2018))
    expect(problemsIn(dir, 'error')).toEqual([
      expect.stringMatching(
        /meetings\/2019\.yaml:4: entry "minutes-2018-03": field "year" is 2018, but this file holds the meeting records of 2019/
      ),
    ])
  })

  it('are agendas, minutes or meeting reports: a budget there is refused, in plain words', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/meetings/2019.yaml',
      record('budget-2019-03', 2019).replace('kind: minutes', 'kind: budget')
    )
    expect(problemsIn(dir, 'error')).toEqual([
      expect.stringMatching(
        /meetings\/2019\.yaml:3: entry "budget-2019-03": field "kind" should be "agenda", "minutes" or "meeting-report".* content\/data\/documents\.yaml/
      ),
    ])
  })

  it('may not reuse an id of documents.yaml or of another year', () => {
    const dir = fixtureCopy()
    put(dir, 'data/meetings/2019.yaml', record('budget-2019', 2019) + record('minutes-x', 2019))
    put(dir, 'data/meetings/2020.yaml', record('minutes-x', 2020))
    const errors = problemsIn(dir, 'error')
    expect(errors).toEqual([
      expect.stringMatching(
        /meetings\/2019\.yaml:1: entry "budget-2019": uses an id that .*data\/documents\.yaml already has/
      ),
      expect.stringMatching(
        /meetings\/2020\.yaml:1: entry "minutes-x": uses an id that .*meetings\/2019\.yaml already has/
      ),
    ])
  })

  it('give a notice naming both entries when two share an address, at the second', () => {
    const dir = fixtureCopy()
    const url = 'https://files.example.org/same.docx'
    put(
      dir,
      'data/meetings/2019.yaml',
      record('minutes-a', 2019, url) + record('minutes-b', 2019, url)
    )
    expect(problemsIn(dir, 'notice')).toContainEqual(
      expect.stringMatching(
        /meetings\/2019\.yaml:12: entry "minutes-b": has the same address \(field "url"\) as entry "minutes-a"/
      )
    )
  })

  it('keep a raw space of an address as published, and link it percent-encoded', () => {
    const dir = fixtureCopy()
    put(
      dir,
      'data/meetings/2020.yaml',
      record('minutes-2020-10', 2020, 'https://files.example.org/min Oct .docx')
    )
    const doc = loadContent(dir).registries.documents.get('minutes-2020-10')!
    expect(doc.url).toBe('https://files.example.org/min Oct .docx')
    expect(documentHref(doc)).toBe('https://files.example.org/min%20Oct%20.docx')
  })

  it('refuse anything in the folder but one file per year', () => {
    const dir = fixtureCopy()
    put(dir, 'data/meetings/minutes.yaml', record('minutes-x', 2019))
    mkdirSync(join(dir, 'data/meetings/2019'))
    symlinkSync('/etc/passwd', join(dir, 'data/meetings/2021.yaml'))
    const errors = problemsIn(dir, 'error').join('\n')
    expect(errors).toMatch(/meetings\/minutes\.yaml: is not a year's file of meeting records/)
    expect(errors).toMatch(/meetings\/2019: is a folder/)
    expect(errors).toMatch(/meetings\/2021\.yaml: .*link/i)
  })
})

describe('dated documents on the home page', () => {
  it('give a notice once they are more than a year old, so the home page does not promote last year', () => {
    const dir = fixtureCopy()
    const home = readFileSync(join(dir, 'pages/home.md'), 'utf8')
    put(dir, 'pages/home.md', `${home.trimEnd()}\n\n@document budget-2019\n`)
    const notices = (today: string) =>
      checkContent(readContentSource(dir), today)
        .problems.filter((p) => p.severity === 'notice')
        .map((p) => p.message)
        .filter((m) => m.includes('budget-2019'))
    expect(notices('2026-11-24')).toEqual([
      expect.stringContaining('which is from 2019: more than a year old'),
    ])
    expect(notices('2019-06-01')).toEqual([])
  })
})
