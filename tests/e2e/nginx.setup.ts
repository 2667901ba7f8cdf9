import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { supportedNginx } from '#tests/helpers/nginx.ts'

// Without nginx (or without the configuration the build writes), this one
// test says why in a sentence; the `nginx` project's tests fail too (each
// starts nginx), but none of them waits for this one: Playwright would run
// a dependent project only after every other test.

test('nginx is installed in a supported version, and the build wrote its configuration', () => {
  expect(supportedNginx().version).toMatch(/^\d+\.\d+\.\d+$/)
  expect(
    existsSync(join(process.cwd(), 'build', 'nginx.conf')),
    'build/nginx.conf is missing: run `npm run build` before the browser tests'
  ).toBe(true)
})
