// `npm run preview:note -- <artifact name> [<download address>]`: where a pull request's built
// site is and how to look at it, for the run summary of checks.yml's preview job.

/** How long GitHub keeps a preview (the `retention-days` of its upload in checks.yml). */
export const PREVIEW_RETENTION_DAYS = 14

/** Markdown for the run summary; `url` is actions/upload-artifact's `artifact-url`, if known. */
export function previewNote(artifact: string, url?: string): string {
  const where = url?.trim()
    ? `[Download **${artifact}**](${url.trim()}) (sign in to GitHub first), or find it under **Artifacts** at the bottom of this run's Summary page.`
    : `Find **${artifact}** under **Artifacts** at the bottom of this run's Summary page and download it (sign in to GitHub first).`
  return [
    '### Preview of this pull request',
    '',
    `${where} It is kept for ${PREVIEW_RETENTION_DAYS} days.`,
    '',
    'To view it, unzip it and serve the folder; opening `index.html` straight from the disk does not work, because links start at the site root:',
    '',
    '- in a copy of this project: put the files in `out/`, run `npm run serve` and open <http://localhost:3000/>;',
    '- or with Python: run `python3 -m http.server 8000` in the unzipped folder and open <http://localhost:8000/>.',
    '',
  ].join('\n')
}

if (import.meta.main) {
  const [artifact, url] = process.argv.slice(2)
  if (!artifact) {
    console.error('Usage: npm run preview:note -- <artifact name> [<download address>]')
    process.exit(1)
  }
  process.stdout.write(previewNote(artifact, url))
}
