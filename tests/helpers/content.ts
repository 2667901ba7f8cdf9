import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { ContentError, formatProblem, type ContentProblem } from '#lib/content/problems.ts'
import { readContentSource } from '#lib/content/disk.ts'
import { checkContent, contentOrThrow, type SiteContent } from '#lib/content/index.ts'

/** The test content: a small site that stands for content/ in unit and component tests. */
export const FIXTURE = join(process.cwd(), 'tests', 'fixtures', 'content')

/** A fresh copy of the test content in a temporary folder. */
export function fixtureCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  cpSync(FIXTURE, dir, { recursive: true })
  return dir
}

/** Writes (or replaces) a file in a content folder. */
export function put(dir: string, path: string, text: string) {
  writeFileSync(join(dir, path), text)
}

/** Replaces text in a file of a content folder; fails if the text is absent. */
export function edit(dir: string, path: string, from: string, to: string) {
  const file = join(dir, path)
  const text = readFileSync(file, 'utf8')
  if (!text.includes(from)) throw new Error(`test setup: "${from}" not in ${path}`)
  writeFileSync(file, text.replace(from, to))
}

/** A page file with the given frontmatter lines and body. */
export function page(frontmatter: string, body = 'Some text.'): string {
  return `---\n${frontmatter.trim()}\n---\n\n${body}\n`
}

/** The checked content of a content folder; throws a ContentError when it has errors. */
export function loadContent(dir: string): SiteContent {
  return contentOrThrow(readContentSource(dir))
}

/** Every problem the content check finds in a folder, formatted as staff see them. */
export function problemsIn(dir: string, severity?: ContentProblem['severity']): string[] {
  return checkContent(readContentSource(dir))
    .problems.filter((p) => !severity || p.severity === severity)
    .map(formatProblem)
}

/** Loads a content folder and returns the ContentError it raises. */
export function contentError(dir: string): ContentError {
  try {
    loadContent(dir)
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError)
    return error as ContentError
  }
  throw new Error('expected the content to be refused, but it loaded')
}
