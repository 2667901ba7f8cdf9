// `node tools/import/board-archive.ts`: the Board of Fire Commissioners'
// archive (agendas, minutes, meeting reports and election results, 575
// links as the Board's site published them, listed in board-archive.tsv
// beside this file) as document entries: the archive went into
// content/data/meetings/<year>.yaml, the election results into
// documents.yaml. It
// was run once to add them; it prints YAML and changes no file. The source's
// defects are handled here, each one listed in `handled`, never copied
// blindly: a label with a typing slip is shown corrected, an address whose
// year disagrees with its label is kept as published with a note. Raw
// spaces in addresses stay as published (the site encodes them in links),
// and an address listed twice stays twice (the content check names both).
// The notes added by hand since (the duplicates and the labels that are
// probably wrong; content/README.md, "Meeting records") are in the YAML
// files only.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const ARCHIVE_TSV = join(import.meta.dirname, 'board-archive.tsv')

export type ArchiveRow = {
  line: number
  kind: string
  yearHeading: string
  label: string
  reportType: string
  url: string
}

export type ArchiveEntry = {
  id: string
  title: string
  kind: 'agenda' | 'minutes' | 'meeting-report' | 'election-results' | 'meeting-dates'
  year: number
  type: 'pdf' | 'word' | 'excel'
  url: string
  note?: string
}

/** A row handled on purpose, and how. */
export type Handled = { line: number; url: string; how: string }

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

export function readArchive(text: string): ArchiveRow[] {
  const [, ...lines] = text.trimEnd().split('\n')
  return lines.map((row, i) => {
    const [kind = '', yearHeading = '', label = '', reportType = '', url = ''] = row.split('\t')
    return { line: i + 2, kind, yearHeading, label, reportType, url }
  })
}

const fileType = (url: string): ArchiveEntry['type'] => {
  const ext = /\.([a-z]+)$/i.exec(url)?.[1]?.toLowerCase()
  if (ext === 'pdf') return 'pdf'
  if (ext === 'doc' || ext === 'docx') return 'word'
  if (ext === 'xlsx' || ext === 'xls') return 'excel'
  throw new Error(`no file type for ${url}`)
}

/** "March 9, 2011 (Special Meeting)" → its parts. */
function dateOf(label: string) {
  const m = /^([A-Za-z]+) (?:(\d{1,2}), )?(\d{4})(?: \((.+)\))?$/.exec(label)
  if (!m) return null
  const month = MONTHS.indexOf(m[1]!)
  if (month < 0) return null
  return { month: month + 1, day: m[2] ? Number(m[2]) : undefined, year: Number(m[3]), extra: m[4] }
}

/** The year an address names in its folder, or else in a date at the start of its file name. */
export function addressYear(url: string): number | undefined {
  const file = /\/(\d{4})-\d\d-\d\d_[^/]*$/.exec(url)
  const folder = /\/(?:Agendas|Minutes|Reports)\/(\d{4})\//.exec(url)
  const year = file?.[1] ?? folder?.[1]
  return year ? Number(year) : undefined
}

const pad = (n: number) => String(n).padStart(2, '0')

const REPORTS: Record<string, { title: string; id: string }> = {
  'fire prevention report': { title: 'Fire prevention report', id: 'fire-prevention-report' },
  "chief's report": { title: 'Chief’s report', id: 'chiefs-report' },
}

/** The archive as documents, and the rows handled on purpose. */
export function archiveEntries(rows: ArchiveRow[]): {
  entries: ArchiveEntry[]
  handled: Handled[]
} {
  const entries: ArchiveEntry[] = []
  const handled: Handled[] = []
  const ids = new Set<string>()
  const uniqueId = (id: string) => {
    let candidate = id
    for (let n = 2; ids.has(candidate); n++) candidate = `${id}-${n}`
    ids.add(candidate)
    return candidate
  }
  for (const row of rows) {
    const type = fileType(row.url)
    if (row.kind === 'election-results' || row.kind === 'meeting-dates') {
      const year = Number(/\d{4}/.exec(row.label)![0])
      entries.push({
        id: uniqueId(`${row.kind}-${year}`),
        title:
          row.kind === 'election-results'
            ? `${year} fire district election results`
            : `${year} meeting dates and reorganization resolutions`,
        kind: row.kind,
        year,
        type,
        url: row.url,
      })
      continue
    }
    let label = row.label
    let note: string | undefined
    if (label.includes('//')) {
      label = label.replace(/\/\//g, '')
      note = `The Board's list reads "${row.label}".`
      handled.push({
        line: row.line,
        url: row.url,
        how: `label "${row.label}" shown as "${label}"`,
      })
    }
    const date = dateOf(label)
    const kind = row.kind as 'agenda' | 'minutes' | 'meeting-report'
    const year = Number(row.yearHeading)
    let title: string
    let id: string
    const report = REPORTS[row.reportType]
    if (kind === 'meeting-report' && !report) {
      // The three other files under the reports' headings.
      title = date
        ? `Commissioners' meeting document, ${label}`
        : label.replace(/ ([A-Z][a-z]+)/g, (w) => w.toLowerCase()).replace(/dca/, 'DCA')
      id = `meeting-document-${year}-${row.reportType
        .replace(/^other: /, '')
        .replace(/\.[a-z]+$/, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}`
    } else {
      if (!date) throw new Error(`line ${row.line}: no date in "${row.label}"`)
      const when = date.extra
        ? `${label.replace(/ \(.+\)$/, '')} (${date.extra.toLowerCase()})`
        : label
      const what = kind === 'agenda' ? 'Agenda' : kind === 'minutes' ? 'Minutes' : report!.title
      title = `${what}, ${when}`
      const slug = kind === 'meeting-report' ? report!.id : kind
      id = `${slug}-${date.year}-${pad(date.month)}${date.day ? `-${pad(date.day)}` : ''}${date.extra ? `-${date.extra.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}`
      // The year the address names: its folder (Agendas/2025/…) or a file
      // name that starts with a date (2022-06-14_…).
      const named = addressYear(row.url)
      if (named !== undefined && named !== date.year) {
        note = `The file's address says ${named}; the Board lists it as ${label}. Kept as the Board published it.`
        handled.push({
          line: row.line,
          url: row.url,
          how: `address names ${named}, label says ${date.year}: kept, with a note`,
        })
      }
    }
    entries.push({
      id: uniqueId(id),
      title,
      kind,
      year,
      type,
      url: row.url,
      ...(note ? { note } : {}),
    })
  }
  return { entries, handled }
}

const quote = (text: string) =>
  /^[\w ,.()’'-]+$/.test(text) && !/^\d/.test(text) && !text.includes(': ')
    ? text
    : JSON.stringify(text)

/** Entries as YAML list items, in the style of documents.yaml. */
export function toYaml(entries: ArchiveEntry[]): string {
  return entries
    .map((e) =>
      [
        `- id: ${e.id}`,
        `  title: ${quote(e.title)}`,
        `  kind: ${e.kind}`,
        `  year: ${e.year}`,
        `  type: ${e.type}`,
        `  url: ${e.url}`,
        ...(e.note ? [`  note: ${JSON.stringify(e.note)}`] : []),
      ].join('\n')
    )
    .join('\n')
}

if (import.meta.main) {
  const { entries, handled } = archiveEntries(readArchive(readFileSync(ARCHIVE_TSV, 'utf8')))
  console.log(toYaml(entries))
  for (const h of handled) console.error(`line ${h.line}: ${h.how}`)
}
