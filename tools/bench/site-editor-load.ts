// `npm run bench:site-editor`: how long the built editor (npm run build first), on a copy of
// content/ with the local backend, takes to open its two largest files, to preview a typed letter
// and to save it (the whole site's check first), three times (BENCH_RUNS) each.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { startSiteEditorServer } from '#tools/site-editor/local-server.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const repoDir = mkdtempSync(join(tmpdir(), 'editor-bench-'))
cpSync('content', join(repoDir, 'content'), { recursive: true })
const count = (file: string) =>
  (readFileSync(join(repoDir, 'content/data', file), 'utf8').match(/^- id:/gm) ?? []).length
const year = readdirSync(join(repoDir, 'content/data/meetings'))
  .map((name) => ({ name, entries: count(`meetings/${name}`) }))
  .sort((a, b) => b.entries - a.entries)[0]!
  .name.replace(/\.yaml$/, '')
/** The two largest files: where they open in the editor, and the words of their buttons. */
const FILES = [
  { file: 'documents.yaml', entry: 'documents/entries/documents', singular: 'document' },
  { file: `meetings/${year}.yaml`, entry: `meetings/entries/${year}`, singular: 'meeting record' },
]
const server = await startSiteEditorServer({ outDir: 'out', repoDir, port: 0 })
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

try {
  for (const { file, entry, singular } of FILES) {
    console.log(`Site editor, ${file} (${count(file)} entries), ${RUNS} runs:`)
    for (let run = 1; run <= RUNS; run++) {
      const page = await browser.newPage()
      await page.goto(`${server.url}/admin/`)
      await page.getByRole('button', { name: 'Login' }).click()
      await page.getByRole('link', { name: /Pages/ }).first().waitFor()
      let start = performance.now()
      await page.goto(`${server.url}/admin/#/collections/${entry}`)
      const add = page.getByRole('button', { name: `Add ${singular}` })
      await add.first().waitFor({ timeout: 600_000 })
      const open = performance.now() - start
      // The first entry's title, one more letter, until the preview shows it.
      await page
        .getByRole('button', { name: `Show or hide this ${singular}` })
        .first()
        .click()
      const title = page.locator('input[id^="title-field-"]').first()
      await title.click()
      await title.press('End')
      start = performance.now()
      await title.pressSequentially('X')
      const shown = page
        .frameLocator('iframe')
        .first()
        .getByText(await title.inputValue())
      await shown.first().waitFor({ timeout: 60_000 })
      const preview = performance.now() - start
      start = performance.now()
      console.log(
        `  run ${run}: open ${seconds(open)}, preview of a typed letter ${seconds(preview)}`
      )
      await page.getByRole('button', { name: 'Publish', exact: true }).click({ timeout: 300_000 })
      await page.getByText('Publish now', { exact: true }).click({ timeout: 300_000 })
      await page.getByText('Entry saved').waitFor({ timeout: 300_000 })
      const save = performance.now() - start
      console.log(`  run ${run}: save ${seconds(save)} (from pressing Publish)`)
      await page.close()
    }
  }
} finally {
  await browser.close()
  await server.close()
  rmSync(repoDir, { recursive: true, force: true })
}
