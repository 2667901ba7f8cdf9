import { expect, test } from './served.ts'
import { exportedRoutes } from './site.ts'

// The names assistive technology gets, read from Chromium's own
// accessibility tree (CDP Accessibility.getFullAXTree), not from a test
// library's name algorithm: every link and button whose name ends in a cue,
// "(PDF)" or "(opens in a new tab)", keeps the space before it on every
// route. (React writes `words<!-- --> <span>(PDF)</span>`, and Chromium
// drops a space that stands alone there: "report(PDF)". components/Cue.tsx.)

type AXNode = { ignored: boolean; role?: { value?: string }; name?: { value?: string } }

test('links and buttons keep the space before their cue, on every route', async ({ page }) => {
  const routes = [...exportedRoutes(), '/404.html']
  const cdp = await page.context().newCDPSession(page)
  const missing: string[] = []
  let cues = 0
  for (const route of routes) {
    await page.goto(route)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }
    for (const node of nodes) {
      const role = node.role?.value
      const name = node.name?.value ?? ''
      if (node.ignored || (role !== 'link' && role !== 'button')) continue
      if (!/\([^()]+\)\s*$/.test(name)) continue
      cues += 1
      if (/\S\([^()]+\)\s*$/.test(name)) missing.push(`${route}: ${role} "${name}"`)
    }
  }
  expect(cues, 'links with cues were found').toBeGreaterThan(0)
  expect(missing, `${missing.length} names without the space before their cue`).toEqual([])
})
