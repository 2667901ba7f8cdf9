import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { WCAG_TAGS } from './site.ts'

// The three audits every route gets in one page load (pages.spec.ts): axe-core, HTML_CodeSniffer
// and the names in Chromium's own accessibility tree. axe and HTML_CodeSniffer are evaluated in the
// page through Playwright's DevTools connection, outside the page's Content-Security-Policy (its
// script-src allows only the site's own hashes), so the policy served is the real one and the guard
// still fails a test on any violation; a script tag would be refused, and bypassCSP would switch
// the policy off. The captions tests (captions.spec.tsx, site-editor/captions.spec.ts) run the same
// audits on a whole page or on the part `within` selects.

const packageFile = (name: string) =>
  readFileSync(createRequire(join(process.cwd(), 'package.json')).resolve(name), 'utf8')
const AXE_SOURCE = packageFile('axe-core/axe.min.js')
const HTMLCS_SOURCE = packageFile('html_codesniffer/build/HTMLCS.js')

/**
 * axe-core's WCAG violations on the page as it is now (or in the element `within` selects). Only violations are reported in full
 * (resultTypes), which makes a run cheaper. Frames are checked as elements of the page (title,
 * size), not inside: their pages belong to JotForm and YouTube, which the tests cannot reach.
 * (@axe-core/playwright would open a second page for every run, three times slower.)
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ([tags, within]) => {
      // A section with content-visibility: auto is laid out only once the reader scrolls near it,
      // and axe measures layout (target size, overlap): every such section is laid out first, as
      // the reader's scrolling would (else axe reports sizes of a layout no one sees).
      for (const element of document.querySelectorAll<HTMLElement>('body *'))
        if (getComputedStyle(element).getPropertyValue('content-visibility') === 'auto')
          element.style.setProperty('content-visibility', 'visible')
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

/**
 * The errors HTML_CodeSniffer (the engine of the accessibility audit, WCAG2AA) reports wrongly on
 * this site, each with why in plain words. A message is let through only when its code is exactly
 * this one and its element is, or is inside, an element that matches `within`; the same code
 * anywhere else still fails. Its warnings and notices ask a person to look, which no test can do.
 */
export const FALSE_POSITIVES: { code: string; within: string; why: string }[] = [
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
 * HTML_CodeSniffer's WCAG2AA errors on the page as it is now (or in the element `within` selects),
 * less the false positives above.
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
              s: string,
              d: Document | Element,
              done: () => void,
              failed: () => void,
              l: string
            ): void
            getMessages(): Message[]
          }
        }
        const describe = (element: Element | Document) => {
          if (!('outerHTML' in element)) return '(the document)'
          const start = element.outerHTML.slice(0, element.outerHTML.indexOf('>') + 1)
          return start.length > 160 ? `${start.slice(0, 160)}...` : start
        }
        const allowedHere = ({ code, element }: Message) =>
          allowed.some(
            (fp) => fp.code === code && 'closest' in element && element.closest(fp.within) !== null
          )
        HTMLCS.process(
          'WCAG2AA',
          within ? document.querySelector(within)! : document,
          () =>
            resolve(
              HTMLCS.getMessages()
                .filter((m) => m.type === 1 && !allowedHere(m))
                .map((m) => ({ code: m.code, message: m.msg, element: describe(m.element) }))
            ),
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
  description?: { value?: string }
  properties?: { name: string; value?: { value?: unknown } }[]
}

const LANDMARKS = new Set([
  'banner',
  'complementary',
  'contentinfo',
  'form',
  'main',
  'navigation',
  'region',
  'search',
])

/**
 * What is wrong with the names assistive technology gets, read from Chromium's own accessibility
 * tree (CDP Accessibility.getFullAXTree), not from a test library's name algorithm:
 * - a link or button whose name ends in a cue, "(PDF)" or "(opens in a new tab)", keeps the space
 *   before it (React writes `words<!-- --> <span>(PDF)</span>`, and Chromium drops a space that
 *   stands alone there: "report(PDF)"; components/Cue.tsx);
 * - two links with one name go to one address, so a list of links tells them apart;
 * - no landmark is named by a number alone ("2026"): a list of landmarks would not say what it is;
 * - an image's description is not read again in its name.
 */
export async function nameProblems(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }
  await cdp.detach()
  const shown = nodes.filter((node) => !node.ignored)
  const role = (node: AXNode) => node.role?.value ?? ''
  const name = (node: AXNode) => node.name?.value ?? ''
  const said = (node: AXNode) => `${role(node)} "${name(node)}"`

  const addresses = new Map<string, Set<unknown>>()
  for (const node of shown.filter((n) => role(n) === 'link')) {
    const url = node.properties?.find((p) => p.name === 'url')?.value?.value
    addresses.set(name(node), (addresses.get(name(node)) ?? new Set()).add(url))
  }
  return {
    'names without the space before their cue': shown
      .filter((n) => ['link', 'button'].includes(role(n)) && /\S\([^()]+\)\s*$/.test(name(n)))
      .map(said),
    'link names that lead to two or more addresses': [...addresses]
      .filter(([, urls]) => urls.size > 1)
      .map(([n]) => n),
    'landmarks named by a number alone': shown
      .filter((n) => LANDMARKS.has(role(n)) && /^\s*\d+\s*$/.test(name(n)))
      .map(said),
    'names that repeat their description': shown
      .filter((n) => {
        const description = n.description?.value?.trim()
        return description && name(n).includes(description)
      })
      .map(said),
  }
}

export type Named = { role: string; name: string; url?: unknown; pressed?: unknown }

/**
 * What Chromium's own accessibility tree gives assistive technology in the part of the page
 * `within` selects (Accessibility.queryAXTree), or the whole page's (getFullAXTree).
 */
export async function accessibleNodes(page: Page, within?: string): Promise<Named[]> {
  const cdp = await page.context().newCDPSession(page)
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `document.querySelector(${JSON.stringify(within ?? 'body')})`,
  })
  const { nodes } = (await (within
    ? cdp.send('Accessibility.queryAXTree', { objectId: result.objectId })
    : cdp.send('Accessibility.getFullAXTree'))) as { nodes: AXNode[] }
  await cdp.detach()
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
