import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { githubAnnotation } from '#lib/content/report.ts'
import { checkContentReport } from '#tools/export/check-content.ts'
import { edit, fixtureCopy } from '../helpers/content.ts'

// `npm run check:content`, the one check staff run: every problem in plain
// words with file and line, and on GitHub an annotation for each. One test
// runs the command; the others call what it prints.

const check = (dir: string) =>
  spawnSync(process.execPath, ['tools/export/check-content.ts'], {
    env: { ...process.env, GITHUB_ACTIONS: '', CONTENT_DIR: dir },
    encoding: 'utf8',
  })

describe('npm run check:content', () => {
  it('says content ok with what it counted, then lists the notices', () => {
    const run = check(fixtureCopy())
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^content ok: 3 pages, 6 documents, 2 videos, 1 forms, 2 links\n/)
    expect(run.stdout).toMatch(
      /notices \(worth a look; they do not stop the build\):\n\s+.*pages\/lessons\.md:2: is in no menu/
    )
    expect(run.stdout).not.toContain('::')
  })

  it('lists every error and exits 1', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: forty')
    edit(dir, 'pages/home.md', 'section: home', 'section: homepage')
    const run = checkContentReport(dir, false)
    expect(run.ok).toBe(false)
    expect(run.report).toMatch(
      /Content check: 2 errors to fix\. Nothing is built until they are fixed\./
    )
    expect(run.report).toMatch(/data\/fees\.yaml:7: field "amount" \(inspection, tiers entry 1\)/)
    expect(run.report).toMatch(/pages\/home\.md:5: field "section" should be one of/)
  })

  it('puts each problem on its file and line in a GitHub pull request', () => {
    const dir = fixtureCopy()
    edit(dir, 'data/fees.yaml', 'amount: 40.00', 'amount: forty')
    const run = checkContentReport(dir, true)
    expect(run.report).toMatch(
      /^::error file=.*data\/fees\.yaml,line=7,title=Content error::field "amount" \(inspection, tiers entry 1\) should be a number/m
    )
    const clean = checkContentReport(fixtureCopy(), true)
    expect(clean.report).toMatch(
      /^::notice file=.*pages\/lessons\.md,line=2,title=Content notice::is in no menu/m
    )
  })
})

describe('annotations', () => {
  it('escape what would break a workflow command', () => {
    expect(
      githubAnnotation({
        severity: 'error',
        file: 'content/a,b:c.md',
        line: 3,
        message: '100% wrong\nsecond line',
      })
    ).toBe(
      '::error file=content/a%2Cb%3Ac.md,line=3,title=Content error::100%25 wrong%0Asecond line'
    )
  })
})
