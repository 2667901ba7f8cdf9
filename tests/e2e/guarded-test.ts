import { test as base, expect, type Page } from '@playwright/test'

// Every browser test fails if the page reports a Content-Security-Policy
// violation or logs a console error: the production headers are served, so
// a script that is not ours, or a resource the policy does not allow, shows
// up here.

type Problems = { violations: string[]; consoleErrors: string[] }

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Starts collecting CSP violations and console errors on a page. */
export async function watchPage(page: Page): Promise<() => Promise<Problems>> {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`))
  // Runs before any page script, outside the page's CSP (Playwright injects it).
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'}`)
    })
  })
  return async () => {
    const violations = await page
      .evaluate(() => window.__cspViolations ?? [])
      .catch(() => [] as string[])
    return { violations, consoleErrors }
  }
}

/** The `page` of a test, watched (unless `guard` is off); a test that opens no page opens none. */
export const test = base.extend<{ guard: boolean }>({
  guard: [true, { option: true }],
  // (`run`, not `use`: the lint rules for React hooks would take it for one.)
  page: async ({ page, guard }, run) => {
    if (!guard) return run(page)
    const problems = await watchPage(page)
    await run(page)
    const { violations, consoleErrors } = await problems()
    expect(violations, 'Content-Security-Policy violations').toEqual([])
    expect(consoleErrors, 'console errors').toEqual([])
  },
})

export { expect }
