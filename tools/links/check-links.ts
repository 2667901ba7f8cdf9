// Checks every outside address the content uses (forms, documents, videos,
// links) and prints each broken one with the files, lines and ids that use
// it. Exits 1 when any address is broken. Needs the internet; it is not part
// of the build or of `npm test`, since outside sites change on their own.
// Under GitHub Actions it also prints annotations that mark the lines.
import { checkLinks, formatLinkReport } from '#tools/links/link-check.ts'
import { collectTargets } from '#tools/links/link-targets.ts'
import { readContentSource } from '#lib/content/disk.ts'

const started = performance.now()
const targets = collectTargets(readContentSource())
const uses = targets.reduce((sum, target) => sum + target.uses.length, 0)
console.log(`Checking ${targets.length} addresses (used ${uses} times in content/)…\n`)

const results = await checkLinks(targets)
console.log(formatLinkReport(results, { githubActions: process.env.GITHUB_ACTIONS === 'true' }))

const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`Took ${seconds} s.`)
process.exitCode = results.some((result) => !result.ok) ? 1 : 0
