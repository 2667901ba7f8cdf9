import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { supportedNginx } from '#tests/helpers/nginx.ts'

// Runs once before the `nginx` project: without nginx (or without the
// configuration the build writes), that project fails here once, with the
// reason, instead of once per test.

test('nginx is installed in a supported version, and the build wrote its configuration', () => {
  expect(supportedNginx().version).toMatch(/^\d+\.\d+\.\d+$/)
  expect(
    existsSync(join(process.cwd(), 'build', 'nginx.conf')),
    'build/nginx.conf is missing: run `npm run build` before the browser tests'
  ).toBe(true)
})
