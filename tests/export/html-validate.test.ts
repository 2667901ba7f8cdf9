import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HtmlValidate, StaticConfigLoader } from 'html-validate'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportedPages, OUT, requireExport } from '../helpers/export.ts'

// Every exported page is valid HTML by html-validate's recommended rules
// (.htmlvalidate.json), with zero errors. One exception there: a <video> may
// carry aria-label without `controls`. A video file's player is named by its
// title, and gets its controls from the site script once the page is drawn
// (lib/browser-scripts/video-controls.ts); the validator sees only the HTML
// before that, where the rule calls a name on a player without controls
// "not recommended". The browser tests read each player's name and controls
// after the script, and the <noscript> copy has both from the start.
beforeAll(requireExport)

describe('HTML validity', () => {
  it('every page passes html-validate with its recommended rules', async () => {
    const config = JSON.parse(readFileSync(join(process.cwd(), '.htmlvalidate.json'), 'utf8'))
    const validator = new HtmlValidate(new StaticConfigLoader(config))
    const problems: string[] = []
    for (const page of exportedPages()) {
      const report = await validator.validateString(
        readFileSync(join(OUT, page.file), 'utf8'),
        page.file
      )
      for (const message of report.results.flatMap((r) => r.messages)) {
        problems.push(
          `${page.path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`
        )
      }
    }
    expect(problems).toEqual([])
  })

  it('catches invalid markup (the check can fail)', async () => {
    const validator = new HtmlValidate(
      new StaticConfigLoader({ extends: ['html-validate:recommended'] })
    )
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p><div>x</div></p><img src="a.png"></body></html>'
    )
    expect(report.valid).toBe(false)
  })
})
