// `npm run preview:publish`, in preview.yml after a pull request's checks (running none of its
// code): compares its built site (out/) with its base's (base/, built apart), puts the pages that
// change on its newest commit as a check run (its summary for GitHub, its text for the editor),
// deploys the built files as a Cloudflare Pages preview (static files only) and posts the
// address as the commit status that the editor shows as "View preview".
import { PAGE_DIFF_CHECK, PREVIEW_CONTEXT } from '#site-editor/checks.ts'
import { plural } from '#lib/text.ts'
import { deploy } from '#tools/ops/deploy.ts'
import { api, settingsOrExit } from '#tools/ops/github-issue.ts'
import { diffExports, formatPageDiff, type PageDiff } from '#tools/review/diff-pages.ts'

/** GitHub's limit on a check run's summary and text (65,535 characters), with room to spare. */
const MAX_CHARS = 60_000

/** The check run's output: Markdown for GitHub, and the pages as JSON for the editor (loop.ts). */
export function pageDiffOutput(diff: PageDiff) {
  const pages = diff.added.length + diff.removed.length + diff.changed.length
  const changed = diff.changed.map(({ route, title, lines }) => ({
    route,
    title,
    lines: lines.slice(0, 50).map((l) => ({ ...l, text: l.text.slice(0, 500) })),
  }))
  const data = { added: diff.added, removed: diff.removed, changed, more: 0 }
  const json = () => JSON.stringify(data)
  while (json().length > MAX_CHARS && data.changed.pop()) data.more += 1
  return {
    title: pages ? `${plural(pages, 'page')} change` : 'No page changes',
    summary: formatPageDiff(diff, { maxBytes: MAX_CHARS }),
    text: `\`\`\`json\n${json()}\n\`\`\``,
  }
}

if (import.meta.main) {
  const settings = settingsOrExit('preview:publish')
  const sha = process.env.HEAD_SHA ?? ''
  const output = pageDiffOutput(diffExports('base', 'out'))
  const run = { name: PAGE_DIFF_CHECK, head_sha: sha, status: 'completed', conclusion: 'neutral' }
  await api(settings, '/check-runs', 'POST', { ...run, output })
  // A branch deployment's address: <branch>.<project>.pages.dev.
  const branch = `pr-${sha.slice(0, 12)}`
  if (deploy(branch) !== 0) process.exit(1)
  await api(settings, `/statuses/${sha}`, 'POST', {
    state: 'success',
    context: PREVIEW_CONTEXT,
    target_url: `https://${branch}.${process.env.CLOUDFLARE_PAGES_PROJECT}.pages.dev/`,
    description: 'The built site with this change',
  })
}
