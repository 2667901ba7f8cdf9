import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { documentHref, documentSchema } from '#lib/content/schemas.ts'
import {
  ARCHIVE_TSV,
  addressYear,
  archiveEntries,
  readArchive,
  toYaml,
} from '#tools/import/board-archive.ts'
import { parse } from 'yaml'

// The Board's archive as published (tools/import/board-archive.tsv, a copy of
// the research file) against what the importer made of it: one entry per
// row, and only the listed rows handled on purpose.
const rows = readArchive(readFileSync(ARCHIVE_TSV, 'utf8'))
const { entries, handled } = archiveEntries(rows)

describe('the Board archive importer', () => {
  it('makes one document per published link, with the address exactly as published', () => {
    expect(rows).toHaveLength(575)
    expect(entries).toHaveLength(rows.length)
    entries.forEach((entry, i) => {
      expect(entry.url, `line ${rows[i]!.line}`).toBe(rows[i]!.url)
      expect(entry.kind).toBe(rows[i]!.kind)
    })
    const count = (kind: string) => entries.filter((e) => e.kind === kind).length
    expect([count('agenda'), count('minutes'), count('meeting-report')]).toEqual([172, 187, 204])
    expect(
      entries
        .filter((e) => e.kind === 'election-results')
        .map((e) => e.year)
        .sort()
    ).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026])
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
  })

  it('handles the source’s defects on purpose, and only these', () => {
    expect(handled.map((h) => [h.line, h.how])).toEqual([
      [6, 'address names 2025, label says 2026: kept, with a note'],
      [64, 'label "Febr//uary 12, 2020" shown as "February 12, 2020"'],
      [176, 'address names 2024, label says 2025: kept, with a note'],
      [179, 'address names 2024, label says 2025: kept, with a note'],
      [366, 'address names 2022, label says 2023: kept, with a note'],
    ])
    for (const { line } of handled) expect(entries[line - 2]!.note, `line ${line}`).toMatch(/Board/)
  })

  it('keeps an address listed twice as published (the content check names both entries)', () => {
    const seen = new Map<string, number>()
    for (const e of entries) seen.set(e.url, (seen.get(e.url) ?? 0) + 1)
    expect([...seen].filter(([, n]) => n > 1).map(([url]) => url.split('/').pop())).toEqual([
      'FD%231+Agenda+(1).docx',
      '2022-08-10_fire_prevention_report.pdf',
      '2015-03-18_fire_prevention_report.pdf',
    ])
  })

  it('gives every file its type from its name: PDF, Word (.doc, .docx) or Excel', () => {
    const byExt = new Map<string, Set<string>>()
    for (const e of entries) {
      const ext = /\.([a-z]+)$/i.exec(e.url)![1]!.toLowerCase()
      byExt.set(ext, new Set([...(byExt.get(ext) ?? []), e.type]))
    }
    expect(Object.fromEntries([...byExt].map(([k, v]) => [k, [...v]]))).toEqual({
      pdf: ['pdf'],
      doc: ['word'],
      docx: ['word'],
      xlsx: ['excel'],
    })
  })

  it('reads the year an address names from its folder or a dated file name', () => {
    expect(addressYear('https://x.example/Agendas/2025/agendaJan2025.docx')).toBe(2025)
    expect(
      addressYear('https://x.example/Reports/2023/2022-06-14_fire_prevention_report.pdf')
    ).toBe(2022)
    expect(addressYear('https://x.example/FD%231+Agenda+(2).docx')).toBeUndefined()
  })

  it('writes entries the documents registry accepts, raw spaces kept and encoded for links', () => {
    const parsed = parse(toYaml(entries)) as unknown[]
    const checked = parsed.map((e) => documentSchema.parse(e))
    expect(checked.map((c) => c.url)).toEqual(entries.map((e) => e.url))
    const spaced = entries.filter((e) => e.url.includes(' '))
    expect(spaced.map((e) => e.url.split('/').pop())).toEqual([
      'minOct2020 .docx',
      '2022_Election Results.docx',
    ])
    for (const e of spaced) {
      const link = documentHref(checked.find((c) => c.id === e.id)!)
      expect(link).toBe(e.url.replace(/ /g, '%20'))
      expect(new URL(link).href).toBe(link)
    }
  })
})
