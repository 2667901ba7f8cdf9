import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { WCAG_TAGS } from './site.ts'

// The accessibility engines the browser tests run in a page: axe-core (pages.spec.ts) and
// HTML_CodeSniffer (htmlcs.spec.ts), on a whole page or one part of it (captions.spec.ts).

const AXE_SOURCE = readFileSync(
  createRequire(join(process.cwd(), 'package.json')).resolve('axe-core/axe.min.js'),
  'utf8'
)

/**
 * axe-core's WCAG violations on the page as it is now (or in the element `within` selects). axe is put into the
 * page once per page load, by the test (outside the page's policy), and run
 * on it directly: @axe-core/playwright opens a second page for every run,
 * which made each check three times slower. Only violations are reported in
 * full (resultTypes), which makes a run cheaper. Frames are checked as
 * elements of the page (title, size), not inside: their pages belong to
 * JotForm and YouTube, and the tests cannot reach them.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ([tags, within]) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') }
      const results = await axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      })
      return results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
      )
    },
    [WCAG_TAGS, within] as const
  )
}

const HTMLCS_SOURCE = readFileSync(
  createRequire(join(process.cwd(), 'package.json')).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8'
)

/**
 * The errors HTML_CodeSniffer reports wrongly on this site, each with why in
 * plain words. A message is let through only when its code is exactly this
 * one and its element is, or is inside, an element that matches `within`;
 * the same code anywhere else still fails.
 */
const FALSE_POSITIVES: { code: string; within: string; why: string }[] = [
  {
    code: 'WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.Fail',
    within: 'video',
    why:
      'The text inside <video> ("Your browser cannot play this video here" and its ' +
      'download link) is fallback content, shown only by a browser that cannot play ' +
      'video; Chromium never draws it. HTML_CodeSniffer measures its contrast against ' +
      "the player's dark background as if it were on screen.",
  },
]

type Found = { code: string; message: string; element: string }

/**
 * HTML_CodeSniffer's WCAG2AA errors on the page as it is now (or in the element `within`
 * selects), less the false
 * positives above. The engine is evaluated in the page through Playwright's
 * DevTools connection, as axe is in pages.spec.ts: that runs outside the
 * page's Content-Security-Policy (its script-src allows only the hashes of
 * the site's own scripts), so the policy served is the real one and the
 * guard still fails a test on any violation. A script tag added to the page
 * would be refused by that policy, and bypassCSP would switch it off.
 */
export async function htmlcsErrors(page: Page, within?: string): Promise<Found[]> {
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await page.evaluate(HTMLCS_SOURCE)
  return page.evaluate(
    ([allowed, within]) =>
      new Promise<Found[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document }
        const { HTMLCS } = window as unknown as {
          HTMLCS: {
            process(
              standard: string,
              content: Document | Element,
              done: () => void,
              failed: () => void,
              language: string
            ): void
            getMessages(): Message[]
          }
        }
        const describe = (element: Element | Document) => {
          if (!('outerHTML' in element)) return '(the document)'
          const html = element.outerHTML
          const start = html.slice(0, html.indexOf('>') + 1)
          return start.length > 160 ? `${start.slice(0, 160)}...` : start
        }
        HTMLCS.process(
          'WCAG2AA',
          within ? document.querySelector(within)! : document,
          () => {
            const errors = HTMLCS.getMessages().filter((m) => m.type === 1)
            const left = errors.filter(
              ({ code, element }) =>
                !allowed.some(
                  (fp) =>
                    fp.code === code && 'closest' in element && element.closest(fp.within) !== null
                )
            )
            resolve(
              left.map((m) => ({ code: m.code, message: m.msg, element: describe(m.element) }))
            )
          },
          () => reject(new Error('HTML_CodeSniffer could not load its WCAG2AA standard')),
          'en'
        )
      }),
    [FALSE_POSITIVES, within] as const
  )
}

type AXNode = {
  ignored: boolean
  role?: { value?: string }
  name?: { value?: string }
  properties?: { name: string; value?: { value?: unknown } }[]
}
export type Named = { role: string; name: string; url?: unknown; pressed?: unknown }

/**
 * What Chromium's own accessibility tree gives assistive technology: the whole page's
 * (Accessibility.getFullAXTree), or the part `within` selects (Accessibility.queryAXTree).
 */
export async function accessibleNodes(page: Page, within?: string): Promise<Named[]> {
  const cdp = await page.context().newCDPSession(page)
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `document.querySelector(${JSON.stringify(within ?? 'body')})`,
  })
  const { nodes } = (await (within
    ? cdp.send('Accessibility.queryAXTree', { objectId: result.objectId })
    : cdp.send('Accessibility.getFullAXTree'))) as { nodes: AXNode[] }
  const property = (node: AXNode, name: string) =>
    node.properties?.find((p) => p.name === name)?.value?.value
  return nodes
    .filter((node) => !node.ignored)
    .map((node) => ({
      role: node.role?.value ?? '',
      name: node.name?.value ?? '',
      url: property(node, 'url'),
      pressed: property(node, 'pressed'),
    }))
}

/** Controls a person can use but whose name says nothing: each is a failure for a screen reader. */
export const nameless = (nodes: Named[]) =>
  nodes.filter(
    (n) =>
      /^(button|link|textbox|checkbox|radio|combobox|spinbutton|slider)$/.test(n.role) &&
      !n.name.trim()
  )
