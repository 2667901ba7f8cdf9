import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { diffArrays } from 'diff'
import { JSDOM } from 'jsdom'
import { filesIn } from '#tools/export/files.ts'

// Compares two builds of the static site (two folders shaped like out/) by
// the text a visitor reads, not by their HTML: which pages a change adds or
// removes, and for each page whose text changed, the lines that differ.
// `npm run diff:pages` prints the result as Markdown (page-diff-report.ts).

/** A page of an export: the address it is served at, and its title. */
export type PageInfo = { route: string; title: string }

/** One line of a page's text diff. A `gap` stands for unchanged lines left out. */
export type DiffLine = { kind: 'same' | 'removed' | 'added' | 'gap'; text: string }

export type ChangedPage = PageInfo & {
  /** The page's title in the base build (`title` is the new one). */
  oldTitle: string
  /** How many lines of text were removed and added. */
  removedLines: number
  addedLines: number
  /** The changed lines with a few unchanged lines of context around them. */
  lines: DiffLine[]
}

export type PageDiff = {
  added: PageInfo[]
  removed: PageInfo[]
  changed: ChangedPage[]
  /** Pages whose HTML differs but whose text reads the same (a class, an asset hash). */
  markupOnly: PageInfo[]
  /** Pages whose HTML is byte for byte the same. */
  unchanged: number
}

export type PageDiffOptions = {
  /** Unchanged lines shown before and after each change. */
  context?: number
}

/** A folder that is not a built site: the message says so in plain words. */
export class PageDiffError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PageDiffError'
  }
}

/**
 * Throws a PageDiffError unless `dir` is a folder holding an index.html.
 * `label` names the folder in the message, e.g. "The first folder".
 */
export function checkExportFolder(dir: string, label = 'The folder'): void {
  if (!existsSync(dir)) throw new PageDiffError(`${label} does not exist: ${dir}`)
  if (!statSync(dir).isDirectory()) throw new PageDiffError(`${label} is not a folder: ${dir}`)
  if (!existsSync(join(dir, 'index.html'))) {
    throw new PageDiffError(
      `${label} has no index.html, so it is not a built site (a folder like out/): ${dir}`
    )
  }
}

/** The route a page file is served at: `index.html` → `/`, `fees/index.html` → `/fees/`. */
export function routeOf(file: string): string {
  if (file === 'index.html') return '/'
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`
  return `/${file}`
}

/** Every HTML page of an export, by route, with its file path. Other files are ignored. */
export function listPages(dir: string): Map<string, string> {
  const pages = filesIn(dir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [routeOf(file), join(dir, file)] as const)
  return new Map(pages.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** Elements that start and end a line of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'ul',
])
/**
 * Elements whose content is not read as text. A <noscript> holds the copy of
 * a form frame or video player that shows only without JavaScript; the page
 * shows the same thing another way, so its text would be read twice.
 */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript'])

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The lines of readable text under an element, whitespace collapsed, empty lines dropped. */
export function textLines(root: Element): string[] {
  const lines: string[] = []
  let current = ''
  const flush = () => {
    const line = collapse(current)
    if (line) lines.push(line)
    current = ''
  }
  const visit = (node: Node, inPre: boolean) => {
    if (node.nodeType === node.TEXT_NODE) {
      const text = (node as Text).data
      if (!inPre) current += text
      else {
        const [first, ...rest] = text.split('\n')
        current += first
        for (const part of rest) {
          flush()
          current += part
        }
      }
      return
    }
    if (node.nodeType !== node.ELEMENT_NODE) return
    const element = node as Element
    const tag = element.localName
    if (SKIPPED.has(tag)) return
    if (tag === 'br') return flush()
    if (tag === 'tr') {
      // A table row is one line, its cells separated by a bar.
      flush()
      const cells = [...element.children]
        .filter((cell) => cell.localName === 'td' || cell.localName === 'th')
        .map((cell) => textLines(cell).join(' '))
      current = cells.join(' | ')
      return flush()
    }
    const block = BLOCKS.has(tag)
    if (block) flush()
    for (const child of element.childNodes) visit(child, inPre || tag === 'pre')
    if (block) flush()
  }
  visit(root, false)
  flush()
  return lines
}

export type PageText = { title: string; lines: string[] }

/**
 * The readable text of a page: its title and meta description first, then
 * the text of its <main> element (or <body>), one block per line.
 */
export function pageText(html: string): PageText {
  const { document } = new JSDOM(html).window
  const title = collapse(document.querySelector('head > title')?.textContent ?? '')
  const description = collapse(
    document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
  )
  const root = document.querySelector('main') ?? document.body
  const lines: string[] = []
  if (title) lines.push(`Title: ${title}`)
  if (description) lines.push(`Description: ${description}`)
  if (root) lines.push(...textLines(root))
  return { title, lines }
}

/**
 * The line diff of two texts: removed and added lines, with `context`
 * unchanged lines around each change and a gap line for the ones left out.
 */
export function diffLines(before: string[], after: string[], context = 2): DiffLine[] {
  const all: DiffLine[] = diffArrays(before, after).flatMap((change) =>
    change.value.map((text) => ({
      kind: change.removed
        ? ('removed' as const)
        : change.added
          ? ('added' as const)
          : ('same' as const),
      text,
    }))
  )
  const keep = all.map(() => false)
  all.forEach((line, i) => {
    if (line.kind === 'same') return
    for (let j = Math.max(0, i - context); j <= Math.min(all.length - 1, i + context); j++)
      keep[j] = true
  })
  const shown: DiffLine[] = []
  all.forEach((line, i) => {
    if (keep[i]) shown.push(line)
    else if (shown.at(-1)?.kind !== 'gap') shown.push({ kind: 'gap', text: '' })
  })
  return shown
}

/** Compares two exports (base, then new) page by page by their text. */
export function diffExports(
  baseDir: string,
  newDir: string,
  options: PageDiffOptions = {}
): PageDiff {
  checkExportFolder(baseDir, 'The first folder (the site before the change)')
  checkExportFolder(newDir, 'The second folder (the site after the change)')
  const context = options.context ?? 2
  const basePages = listPages(baseDir)
  const newPages = listPages(newDir)
  const result: PageDiff = { added: [], removed: [], changed: [], markupOnly: [], unchanged: 0 }

  for (const [route, file] of basePages) {
    if (!newPages.has(route)) {
      result.removed.push({ route, title: pageText(readFileSync(file, 'utf8')).title })
    }
  }
  for (const [route, file] of newPages) {
    const html = readFileSync(file, 'utf8')
    const baseFile = basePages.get(route)
    if (baseFile === undefined) {
      result.added.push({ route, title: pageText(html).title })
      continue
    }
    const baseHtml = readFileSync(baseFile, 'utf8')
    if (baseHtml === html) {
      result.unchanged += 1
      continue
    }
    const before = pageText(baseHtml)
    const after = pageText(html)
    if (before.lines.join('\n') === after.lines.join('\n')) {
      result.markupOnly.push({ route, title: after.title })
      continue
    }
    const lines = diffLines(before.lines, after.lines, context)
    result.changed.push({
      route,
      title: after.title,
      oldTitle: before.title,
      removedLines: lines.filter((l) => l.kind === 'removed').length,
      addedLines: lines.filter((l) => l.kind === 'added').length,
      lines,
    })
  }
  return result
}
