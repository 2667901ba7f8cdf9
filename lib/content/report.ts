import { formatProblem, type ContentProblem } from '#lib/content/problems.ts'
import { plural } from '#lib/text.ts'

// How the content check reports to people: a plain list for the terminal,
// and, on GitHub Actions, workflow commands that put each problem on its
// file and line in the pull request (the link check writes them too).

/** Escapes text for a GitHub workflow command. */
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

/** `::error file=…,line=…,title=…::message` for one problem. */
export function githubAnnotation(
  problem: ContentProblem,
  title = problem.severity === 'error' ? 'Content error' : 'Content notice'
): string {
  const props = [
    `file=${escapeProperty(problem.file)}`,
    ...(problem.line ? [`line=${problem.line}`] : []),
    `title=${escapeProperty(title)}`,
  ]
  return `::${problem.severity} ${props.join(',')}::${escapeData(problem.message)}`
}

/** The report of a content check, for a terminal (and GitHub when `github` is set). */
export function contentReport(
  problems: readonly ContentProblem[],
  options: { github?: boolean; summary?: string } = {}
): string {
  const errors = problems.filter((p) => p.severity === 'error')
  const notices = problems.filter((p) => p.severity === 'notice')
  const lines: string[] = []
  if (errors.length) {
    lines.push(
      `Content check: ${plural(errors.length, 'error')} to fix. Nothing is built until they are fixed.`,
      ...errors.map((p) => `  ${formatProblem(p)}`)
    )
  } else {
    lines.push(`content ok${options.summary ? `: ${options.summary}` : ''}`)
  }
  if (notices.length) {
    lines.push(
      '',
      `${plural(notices.length, 'notice')} (worth a look; they do not stop the build):`,
      ...notices.map((p) => `  ${formatProblem(p)}`)
    )
  }
  if (options.github) lines.push('', ...problems.map((p) => githubAnnotation(p)))
  return lines.join('\n')
}
