// `npm run --silent diff:pages -- BASE_OUT NEW_OUT`: compares two builds by the text a visitor
// reads, not their HTML, in Markdown for the pull request's run summary: pages added, removed, and
// the lines that changed. Exits 0 whenever it could compare, 2 when a folder is not a build.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { structuredPatch } from 'diff'
import { JSDOM } from 'jsdom'
import { escapeHtml, plural } from '#lib/text.ts'
import { filesIn } from '#tools/shared/files.ts'

type PageInfo = { route: string; title: string }
/** One line of a page's text diff; a `gap` stands for unchanged lines left out. */
type DiffLine = { kind: 'same' | 'removed' | 'added' | 'gap'; text: string }
export type ChangedPage = PageInfo & { removedLines: number; addedLines: number; lines: DiffLine[] }
export type PageDiff = {
  added: PageInfo[]
  removed: PageInfo[]
  changed: ChangedPage[]
  /** HTML differs, text reads the same (a class, an asset hash). */
  markupOnly: PageInfo[]
  unchanged: number
}

/** A folder that is not a built site: the message says so in plain words. */
export class PageDiffError extends Error {}

/** Every HTML page of an export, by route (`fees/index.html` is `/fees/`), sorted. */
function listPages(dir: string, label: string): Map<string, string> {
  if (!existsSync(dir)) throw new PageDiffError(`${label} does not exist: ${dir}`)
  if (!existsSync(join(dir, 'index.html')))
    throw new PageDiffError(
      `${label} has no index.html, so it is not a built site (a folder like out/): ${dir}`
    )
  const files = filesIn(dir).filter((file) => file.endsWith('.html'))
  const route = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`
  return new Map(files.map((file) => [route(file), join(dir, file)] as const).sort())
}

const BLOCK_TAGS =
  'address article aside blockquote caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr legend li main nav ol option p pre section summary table tbody td tfoot th thead ul'
const BLOCKS = new Set(BLOCK_TAGS.split(' '))
// A <noscript> holds the no-JavaScript copy of a form frame or player: its text would read twice.
const SKIPPED = new Set(['script', 'style', 'template', 'noscript'])
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The lines of readable text under an element: one block, table row or `<pre>` line each. */
function textLines(root: Element): string[] {
  const lines: string[] = []
  let current = ''
  const flush = (next = '') => {
    if (collapse(current)) lines.push(collapse(current))
    current = next
  }
  const visit = (node: Node, inPre: boolean) => {
    if (node.nodeType === node.TEXT_NODE) {
      const [first, ...rest] = inPre ? (node as Text).data.split('\n') : [(node as Text).data]
      current += first
      return rest.forEach((part) => flush(part))
    }
    if (node.nodeType !== node.ELEMENT_NODE) return
    const element = node as Element
    const tag = element.localName
    if (SKIPPED.has(tag)) return
    if (tag === 'br' || BLOCKS.has(tag)) flush()
    if (tag === 'tr') {
      const cells = [...element.children].filter((cell) => /^t[dh]$/.test(cell.localName))
      flush(cells.map((cell) => textLines(cell).join(' ')).join(' | '))
      return flush()
    }
    for (const child of element.childNodes) visit(child, inPre || tag === 'pre')
    if (BLOCKS.has(tag)) flush()
  }
  visit(root, false)
  flush()
  return lines
}

/** The readable text of a page: its title and description, then its <main> (or <body>). */
export function pageText(html: string): { title: string; lines: string[] } {
  const { document } = new JSDOM(html).window
  const title = collapse(document.querySelector('head > title')?.textContent ?? '')
  const description = collapse(
    document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
  )
  const lines = textLines(document.querySelector('main') ?? document.body)
  if (description) lines.unshift(`Description: ${description}`)
  if (title) lines.unshift(`Title: ${title}`)
  return { title, lines }
}

/** The changed lines of two texts, with `context` unchanged lines around each change. */
export function diffLines(before: string[], after: string[], context = 2): DiffLine[] {
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('')
  const { hunks } = structuredPatch('', '', text(before), text(after), '', '', { context })
  const kinds = { ' ': 'same', '-': 'removed', '+': 'added' } as const
  const gap = { kind: 'gap', text: '' } as const
  const lines = hunks.flatMap((hunk, i) => [
    ...(i > 0 || hunk.oldStart > 1 ? [gap] : []),
    ...hunk.lines.map((line) => ({ kind: kinds[line[0] as ' '], text: line.slice(1) })),
  ])
  const last = hunks.at(-1)
  return last && last.oldStart + last.oldLines <= before.length ? [...lines, gap] : lines
}

/** Compares two exports (base, then new) page by page by their text. */
export function diffExports(baseDir: string, newDir: string): PageDiff {
  const basePages = listPages(baseDir, 'The first folder (the site before the change)')
  const newPages = listPages(newDir, 'The second folder (the site after the change)')
  const result: PageDiff = { added: [], removed: [], changed: [], markupOnly: [], unchanged: 0 }
  for (const [route, file] of basePages)
    if (!newPages.has(route))
      result.removed.push({ route, title: pageText(readFileSync(file, 'utf8')).title })
  for (const [route, file] of newPages) {
    const baseFile = basePages.get(route)
    const html = readFileSync(file, 'utf8')
    if (baseFile === undefined) result.added.push({ route, title: pageText(html).title })
    else if (readFileSync(baseFile, 'utf8') === html) result.unchanged += 1
    else {
      const [before, after] = [pageText(readFileSync(baseFile, 'utf8')), pageText(html)]
      const lines = diffLines(before.lines, after.lines)
      const count = (kind: DiffLine['kind']) => lines.filter((line) => line.kind === kind).length
      if (lines.length === 0) result.markupOnly.push({ route, title: after.title })
      else
        result.changed.push({
          route,
          title: after.title,
          removedLines: count('removed'),
          addedLines: count('added'),
          lines,
        })
    }
  }
  return result
}

export const REPORT_HEADING = '## Pages this pull request changes'

/** A run of backticks longer than any in `text` (at least `min`), to fence it safely. */
const fenceFor = (text: string, min: number) =>
  '`'.repeat(Math.max(min, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)))
const listItem = ({ route, title }: PageInfo) =>
  `- ${fenceFor(route, 1)}${route}${fenceFor(route, 1)} ${(title || '(no title)').replace(/[\\`*_[\]<>|~&!#]/g, '\\$&')}`

function changedPageBlock(page: ChangedPage, maxLines: number, maxChars: number): string {
  const marks = { removed: '- ', added: '+ ', same: '  ', gap: '  …' }
  const clip = (text: string) => (text.length > maxChars ? `${text.slice(0, maxChars)}…` : text)
  const body = page.lines
    .slice(0, maxLines)
    .map((line) => marks[line.kind] + clip(line.text))
    .join('\n')
  const hidden = page.lines.slice(maxLines)
  const fence = fenceFor(body, 3)
  const summary = `<code>${escapeHtml(page.route)}</code> ${escapeHtml(page.title || '(no title)')}: ${plural(page.removedLines, 'line')} removed, ${page.addedLines} added`
  const more = hidden.length
    ? `\n\n… ${plural(hidden.length, 'more line')} not shown (${hidden.filter((l) => l.kind === 'removed').length} removed, ` +
      `${hidden.filter((l) => l.kind === 'added').length} added); the report shows ${maxLines} per page.`
    : ''
  return `<details>\n<summary>${summary}</summary>\n\n${fence}diff\n${body}\n${fence}${more}\n\n</details>`
}

/** The report; it stops listing pages before `maxBytes` (GitHub refuses a step summary over 1 MiB),
 * saying how many were left out. */
export function formatPageDiff(
  diff: PageDiff,
  { maxLinesPerPage = 50, maxLineChars = 500, maxBytes = 200_000 } = {}
): string {
  const { added, removed, changed, markupOnly } = diff
  const total = diff.unchanged + markupOnly.length + changed.length + added.length
  const markupNote = markupOnly.length
    ? ` ${plural(markupOnly.length, 'page')} changed only in markup (the HTML differs, the text ` +
      `reads the same) and ${markupOnly.length === 1 ? 'is' : 'are'} not listed.`
    : ''
  if (!added.length && !removed.length && !changed.length) {
    const compared = plural(total, 'page')
    return `${REPORT_HEADING}\n\nNo page is added, removed or changed in its text (${compared} compared).${markupNote}\n`
  }

  const counts =
    `${added.length} added, ${removed.length} removed, ${changed.length} changed; ` +
    `${diff.unchanged} unchanged` +
    (markupOnly.length ? `, ${markupOnly.length} markup only` : '')
  let report = `${REPORT_HEADING}\n\n**${counts}.**${markupNote}`
  let used = Buffer.byteLength(report)
  const left = { added: 0, removed: 0, changed: 0 }
  const sections = {
    added: added.map(listItem),
    removed: removed.map(listItem),
    changed: changed.map((page) => changedPageBlock(page, maxLinesPerPage, maxLineChars)),
  }
  // Each chunk goes in whole or not at all. `used` counts a chunk left out too, so once one
  // does not fit, nothing after it does (the report never skips a page and shows a later one).
  for (const [key, blocks] of Object.entries(sections) as [keyof typeof left, string[]][])
    blocks.forEach((block, i) => {
      const heading = `\n\n### ${key[0]!.toUpperCase()}${key.slice(1)} pages (${blocks.length})\n\n`
      const chunk = (i === 0 ? heading : key === 'changed' ? '\n\n' : '\n') + block
      used += Buffer.byteLength(chunk)
      if (used <= maxBytes) report += chunk
      else left[key] += 1
    })
  const notShown = left.added + left.removed + left.changed
  if (notShown > 0) {
    const which = Object.entries(left).flatMap(([key, n]) => (n ? [`${n} ${key}`] : []))
    report +=
      `\n\n**… ${plural(notShown, 'more page')} not shown (${which.join(', ')}):** the report stops at ` +
      `${Math.round(maxBytes / 1000)} KB to stay within GitHub's size limit for a job summary.`
  }
  return `${report}\n`
}

if (import.meta.main) {
  const USAGE = `Usage: npm run --silent diff:pages -- BASE_OUT NEW_OUT
  BASE_OUT: the built site before the change (a folder like out/)
  NEW_OUT:  the built site after the change
  (--silent keeps npm's own lines out of the report)`
  // `npm run` starts scripts in the project folder; the folders are meant from where it was called.
  const from = (process.env.npm_lifecycle_event === 'diff:pages' && process.env.INIT_CWD) || '.'
  const folders = process.argv.slice(2).map((folder) => resolve(from, folder))
  if (folders.length !== 2) {
    console.error(`diff:pages needs two folders to compare.\n${USAGE}`)
    process.exit(2)
  }
  try {
    process.stdout.write(formatPageDiff(diffExports(folders[0]!, folders[1]!)))
  } catch (error) {
    if (!(error instanceof PageDiffError)) throw error
    console.error(`diff:pages could not compare the two builds. ${error.message}\n${USAGE}`)
    process.exit(2)
  }
}
