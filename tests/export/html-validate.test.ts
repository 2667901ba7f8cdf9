import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HtmlValidate, StaticConfigLoader } from 'html-validate'
import { beforeAll, describe, expect, it } from 'vitest'
import { exportedPages, OUT, requireExport } from '../helpers/export.ts'

// Every exported page is valid HTML by html-validate's recommended rules
// (.htmlvalidate.json), with zero errors.
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
