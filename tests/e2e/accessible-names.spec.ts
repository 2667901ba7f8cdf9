import { expect, test } from './served.ts'
import { exportedRoutes } from './site.ts'

// The names assistive technology gets, read from Chromium's own
// accessibility tree (CDP Accessibility.getFullAXTree), not from a test
// library's name algorithm: every link and button whose name ends in a cue,
// "(PDF)" or "(opens in a new tab)", keeps the space before it on every
// route. (React writes `words<!-- --> <span>(PDF)</span>`, and Chromium
// drops a space that stands alone there: "report(PDF)". components/Cue.tsx.)

type AXNode = { ignored: boolean; role?: { value?: string }; name?: { value?: string } }

// One test per route: each is short, whatever the machine's load.
const routes = [...exportedRoutes(), '/404.html']

test('the routes have links with cues to read', () => {
  expect(routes.length).toBeGreaterThan(1)
})

for (const route of routes) {
  test(`${route}: links and buttons keep the space before their cue`, async ({ page }) => {
    await page.goto(route)
    const cdp = await page.context().newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }
    const cued = nodes.flatMap((node) => {
      const role = node.role?.value
      const name = node.name?.value ?? ''
      if (node.ignored || (role !== 'link' && role !== 'button')) return []
      return /\([^()]+\)\s*$/.test(name) ? [`${role} "${name}"`] : []
    })
    const missing = cued.filter((name) => /\S\([^()]+\)"$/.test(name))
    expect(
      missing,
      `${missing.length} of ${cued.length} names without the space before their cue`
    ).toEqual([])
  })
}
