import { formatProblem, type ContentProblem } from '#lib/content/problems.ts'
import { plural } from '#lib/text.ts'

// The content check's report: a list for the terminal and, on GitHub Actions, workflow
// commands that put each problem on its file and line in the pull request.

const escapeData = (text: string) =>
  text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
const escapeProperty = (text: string) =>
  escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')

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

/** The notices as Markdown, for a pull request's run summary (check:content -- --summary). */
export const noticesSummary = (problems: readonly ContentProblem[]) =>
  `### Worth a look (notices of the content check)\n\n${
    problems
      .filter((p) => p.severity === 'notice')
      .map((p) => `- ${formatProblem(p)}`)
      .join('\n') || 'None.'
  }\n`

/** The report of a content check, for a terminal (and GitHub when `github` is set). */
export function contentReport(
  problems: readonly ContentProblem[],
  options: { github?: boolean; summary?: string } = {}
): string {
  const errors = problems.filter((p) => p.severity === 'error')
  const notices = problems.filter((p) => p.severity === 'notice')
  const lines = errors.length
    ? [
        `Content check: ${plural(errors.length, 'error')} to fix. Nothing is built until they are fixed.`,
        ...errors.map((p) => `  ${formatProblem(p)}`),
      ]
    : [`content ok${options.summary ? `: ${options.summary}` : ''}`]
  if (notices.length)
    lines.push(
      '',
      `${plural(notices.length, 'notice')} (worth a look; they do not stop the build):`,
      ...notices.map((p) => `  ${formatProblem(p)}`)
    )
  if (options.github) lines.push('', ...problems.map((p) => githubAnnotation(p)))
  return lines.join('\n')
}
