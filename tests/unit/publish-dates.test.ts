import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fetchPageDates } from '#tools/ops/publish-dates.ts'
import { PAGE_DATES_FILE } from '#lib/routes.ts'
import { publishedDates } from '#tools/export/page-dates.ts'

const DATES = { '/': { text: 'a'.repeat(64), date: '2026-01-02' } }
const server = createServer((request, response) => {
  if (request.url === `/live/${PAGE_DATES_FILE}`) response.end(JSON.stringify(DATES))
  else response.writeHead(404).end('Not found')
})
await once(server.listen(0, '127.0.0.1'), 'listening')
const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => void server.close())

describe('npm run publish:dates (the live site’s page dates for a publish build)', () => {
  it('writes the live site’s page-dates.json where the build reads it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dates-')), 'dates.json')
    expect(await fetchPageDates(`${site}/live`, file)).toBe(true)
    expect(publishedDates('/nowhere', file)).toEqual(DATES)
  })

  it('writes no file, and does not fail, on a 404 or when nothing answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dates-'))
    expect(await fetchPageDates(`${site}/gone`, join(dir, 'a.json'))).toBe(false)
    expect(await fetchPageDates('http://127.0.0.1:9', join(dir, 'b.json'))).toBe(false)
    expect(existsSync(join(dir, 'a.json')) || existsSync(join(dir, 'b.json'))).toBe(false)
  })

  it('is what publish.yml runs before its build', () => {
    const workflow = readFileSync('.github/workflows/publish.yml', 'utf8')
    expect(workflow.indexOf('npm run publish:dates')).toBeGreaterThan(0)
    expect(workflow.indexOf('npm run publish:dates')).toBeLessThan(
      workflow.indexOf('npm run build')
    )
  })
})
