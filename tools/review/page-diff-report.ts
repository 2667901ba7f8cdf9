import { escapeHtml, plural } from '#lib/text.ts'
import type { ChangedPage, DiffLine, PageDiff, PageInfo } from '#tools/review/page-diff.ts'

// Turns a page diff (page-diff.ts) into GitHub-flavoured Markdown for a job
// summary, written for a reviewer who reads the site, not its code. GitHub
// refuses a step summary over 1 MiB, so the report is capped well below that.

export type PageDiffReportOptions = {
  /** Diff lines shown per changed page before "… N more lines". */
  maxLinesPerPage?: number
  /** Characters kept of one very long line of text. */
  maxLineChars?: number
  /** Bytes (UTF-8) of Markdown before the report stops listing pages. */
  maxBytes?: number
}

export const REPORT_HEADING = '## Pages this pull request changes'

/** Escapes text for a line of Markdown, so a title cannot start a link, emphasis or tag. */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>|~&!#]/g, '\\$&')

/** A run of backticks longer than any in `text` (at least `min`), to fence it safely. */
function fenceFor(text: string, min: number): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  return '`'.repeat(Math.max(min, longest + 1))
}

/** A Markdown code span that holds any text, backticks included. */
export function inlineCode(text: string): string {
  const fence = fenceFor(text, 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

const titleOf = (page: PageInfo) => page.title || '(no title)'

/** The one-line count: "2 added, 1 removed, 3 changed; 40 unchanged". */
export function summaryLine(diff: PageDiff): string {
  const counts =
    `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed; ` +
    `${diff.unchanged} unchanged`
  return diff.markupOnly.length ? `${counts}, ${diff.markupOnly.length} markup only` : counts
}

function clip(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text
}

function diffText(line: DiffLine, maxChars: number): string {
  switch (line.kind) {
    case 'removed':
      return `- ${clip(line.text, maxChars)}`
    case 'added':
      return `+ ${clip(line.text, maxChars)}`
    case 'same':
      return `  ${clip(line.text, maxChars)}`
    case 'gap':
      return '  …'
  }
}

/** One changed page as a <details> block holding a ```diff block. */
export function changedPageBlock(
  page: ChangedPage,
  options: Required<PageDiffReportOptions>
): string {
  const shown = page.lines.slice(0, options.maxLinesPerPage)
  const hidden = page.lines.slice(options.maxLinesPerPage)
  const body = shown.map((line) => diffText(line, options.maxLineChars)).join('\n')
  const fence = fenceFor(body, 3)
  const counts = `${plural(page.removedLines, 'line')} removed, ${page.addedLines} added`
  const parts = [
    '<details>',
    `<summary><code>${escapeHtml(page.route)}</code> ${escapeHtml(titleOf(page))}: ${counts}</summary>`,
    '',
    `${fence}diff`,
    body,
    fence,
  ]
  if (hidden.length) {
    const removed = hidden.filter((l) => l.kind === 'removed').length
    const added = hidden.filter((l) => l.kind === 'added').length
    parts.push(
      '',
      `… ${plural(hidden.length, 'more line')} not shown ` +
        `(${removed} removed, ${added} added); the report shows ${options.maxLinesPerPage} per page.`
    )
  }
  parts.push('', '</details>')
  return parts.join('\n')
}

/**
 * The Markdown report: heading, one-line count, then the added, removed and
 * changed pages. Stops listing pages once `maxBytes` would be passed, and
 * says how many were left out.
 */
export function formatPageDiff(diff: PageDiff, options: PageDiffReportOptions = {}): string {
  const opts: Required<PageDiffReportOptions> = {
    maxLinesPerPage: options.maxLinesPerPage ?? 50,
    maxLineChars: options.maxLineChars ?? 500,
    maxBytes: options.maxBytes ?? 200_000,
  }
  const total = diff.unchanged + diff.markupOnly.length + diff.changed.length + diff.added.length
  const markupNote = diff.markupOnly.length
    ? ` ${plural(diff.markupOnly.length, 'page')} changed only in ` +
      `markup (the HTML differs, the text reads the same) and ${diff.markupOnly.length === 1 ? 'is' : 'are'} not listed.`
    : ''

  if (!diff.added.length && !diff.removed.length && !diff.changed.length) {
    return (
      `${REPORT_HEADING}\n\nNo page is added, removed or changed in its text ` +
      `(${plural(total, 'page')} compared).${markupNote}\n`
    )
  }

  const out: string[] = [REPORT_HEADING, '', `**${summaryLine(diff)}.**${markupNote}`]
  let used = out.reduce((bytes, chunk) => bytes + Buffer.byteLength(chunk) + 1, 0)
  let full = false
  const left = { added: 0, removed: 0, changed: 0 }
  /**
   * Adds a chunk (after a blank line, or right below the last one for list
   * items) if it fits in the budget; once one does not, nothing more is added.
   */
  const add = (chunk: string, blankLine: boolean) => {
    const lines = blankLine ? ['', chunk] : [chunk]
    const size = lines.reduce((bytes, line) => bytes + Buffer.byteLength(line) + 1, 0)
    if (full || used + size > opts.maxBytes) {
      full = true
      return false
    }
    out.push(...lines)
    used += size
    return true
  }
  const section = (key: keyof typeof left, heading: string, blocks: string[], list: boolean) => {
    if (!blocks.length) return
    if (!add(heading, true)) {
      left[key] += blocks.length
      return
    }
    blocks.forEach((block, i) => {
      if (!add(block, !list || i === 0)) left[key] += 1
    })
  }
  const listItem = (page: PageInfo) =>
    `- ${inlineCode(page.route)} ${escapeMarkdown(titleOf(page))}`

  section('added', `### Added pages (${diff.added.length})`, diff.added.map(listItem), true)
  section('removed', `### Removed pages (${diff.removed.length})`, diff.removed.map(listItem), true)
  section(
    'changed',
    `### Changed pages (${diff.changed.length})`,
    diff.changed.map((page) => changedPageBlock(page, opts)),
    false
  )

  if (full) {
    const missing = [
      left.added && `${left.added} added`,
      left.removed && `${left.removed} removed`,
      left.changed && `${left.changed} changed`,
    ].filter(Boolean)
    out.push(
      '',
      `**… ${plural(left.added + left.removed + left.changed, 'more page')} not shown ` +
        `(${missing.join(', ')}):** the report stops at ${Math.round(opts.maxBytes / 1000)} KB ` +
        `to stay within GitHub's size limit for a job summary.`
    )
  }
  return `${out.join('\n')}\n`
}
