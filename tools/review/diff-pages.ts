// Compares two builds of the site by the text of their pages and prints a
// Markdown report (for a GitHub Actions job summary) to stdout:
//   npm run --silent diff:pages -- BASE_OUT NEW_OUT
// Differences are not an error: it exits 0 whenever it could compare. It
// exits 2 with a plain message when a folder is missing or is not a build.
import { resolve } from 'node:path'
import { diffExports, PageDiffError } from '#tools/review/page-diff.ts'
import { formatPageDiff } from '#tools/review/page-diff-report.ts'

const USAGE =
  'Usage: npm run --silent diff:pages -- BASE_OUT NEW_OUT\n' +
  '  BASE_OUT: the built site before the change (a folder like out/)\n' +
  '  NEW_OUT:  the built site after the change\n' +
  "  (--silent keeps npm's own lines out of the report)"

function main(args: string[]): number {
  if (args.length !== 2) {
    console.error(`diff:pages needs two folders to compare.\n${USAGE}`)
    return 2
  }
  // `npm run` starts scripts in the project folder; paths given on its
  // command line are meant from the folder it was called in.
  const from =
    process.env.npm_lifecycle_event === 'diff:pages' && process.env.INIT_CWD
      ? process.env.INIT_CWD
      : process.cwd()
  const [base, next] = args.map((dir) => resolve(from, dir)) as [string, string]
  try {
    process.stdout.write(formatPageDiff(diffExports(base, next)))
    return 0
  } catch (error) {
    if (error instanceof PageDiffError) {
      console.error(`diff:pages could not compare the two builds. ${error.message}\n${USAGE}`)
      return 2
    }
    throw error
  }
}

process.exitCode = main(process.argv.slice(2))
