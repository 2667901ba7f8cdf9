import { expect, test } from './served.ts'
import { exportedRoutes } from './site.ts'

// The names assistive technology gets, read from Chromium's own
// accessibility tree (CDP Accessibility.getFullAXTree), not from a test
// library's name algorithm, on every route:
// - every link and button whose name ends in a cue, "(PDF)" or "(opens in
//   a new tab)", keeps the space before it. (React writes `words<!-- -->
//   <span>(PDF)</span>`, and Chromium drops a space that stands alone
//   there: "report(PDF)". components/Cue.tsx.)
// - two links with the same name go to the same address, so a list of
//   links tells them apart (two files with one label, in the Board's
//   archive, say "1 of 2" and "2 of 2");
// - no landmark is named by a number alone ("2026"): a list of landmarks
//   would not say what it is;
// - an image's description is not read again in its name.

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

// One test per route: each is short, whatever the machine's load.
const routes = [...exportedRoutes(), '/404.html']

test('the routes have links with cues to read', () => {
  expect(routes.length).toBeGreaterThan(1)
})

for (const route of routes) {
  test(`${route}: names keep the space before their cue, tell links apart, say what a landmark is, and read a description once`, async ({
    page,
  }) => {
    await page.goto(route)
    const cdp = await page.context().newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }
    const shown = nodes.filter((node) => !node.ignored)
    const role = (node: AXNode) => node.role?.value ?? ''
    const name = (node: AXNode) => node.name?.value ?? ''

    const cued = shown.flatMap((node) =>
      (role(node) === 'link' || role(node) === 'button') && /\([^()]+\)\s*$/.test(name(node))
        ? [`${role(node)} "${name(node)}"`]
        : []
    )
    const missing = cued.filter((n) => /\S\([^()]+\)"$/.test(n))
    expect
      .soft(missing, `${missing.length} of ${cued.length} names without the space before their cue`)
      .toEqual([])

    const addresses = new Map<string, Set<unknown>>()
    for (const node of shown.filter((n) => role(n) === 'link')) {
      const url = node.properties?.find((p) => p.name === 'url')?.value?.value
      addresses.set(name(node), (addresses.get(name(node)) ?? new Set()).add(url))
    }
    const ambiguous = [...addresses].filter(([, urls]) => urls.size > 1).map(([n]) => n)
    expect.soft(ambiguous, 'link names that lead to two or more addresses').toEqual([])

    const numbered = shown
      .filter((node) => LANDMARKS.has(role(node)) && /^\s*\d+\s*$/.test(name(node)))
      .map((node) => `${role(node)} "${name(node)}"`)
    expect.soft(numbered, 'landmarks named by a number alone').toEqual([])

    const twice = shown
      .filter((node) => {
        const description = node.description?.value?.trim()
        return description && name(node).includes(description)
      })
      .map((node) => `${role(node)} "${name(node)}"`)
    expect.soft(twice, 'names that repeat their description').toEqual([])
  })
}
