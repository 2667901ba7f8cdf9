// `npm run preview:note -- <artifact name> [<download address>]`: prints the
// run-summary lines that say where a pull request's built site is and how to
// view it (tools/review/preview-note-text.ts). checks.yml appends them to the summary.
import { previewNote } from '#tools/review/preview-note-text.ts'

const [artifact, url] = process.argv.slice(2)
if (!artifact) {
  console.error('Usage: npm run preview:note -- <artifact name> [<download address>]')
  process.exit(1)
}
process.stdout.write(previewNote(artifact, url))
