import type { CheckedSource } from '#lib/content/check.ts'
import type { ProblemList } from '#lib/content/problems.ts'
import type { Located } from '#lib/content/yaml.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { RenderedPage } from '#lib/content/render.ts'
import { formatMoney } from '#lib/money.ts'
import { KNOWN_SITES } from '#lib/providers.ts'
import { routeHref } from '#lib/routes.ts'

// Step 4 of the content check, once there is no error: what is worth a look but never stops the build.

type Checked = CheckedSource & { registries: Registries }

export function noticeContent(
  checked: Checked,
  rendered: RenderedPage[],
  today: string,
  problems: ProblemList
) {
  const { registries, located } = checked
  const notice = (yaml: Located, path: PropertyKey[], entry: string, problem: string) =>
    problems.notice(yaml.file, yaml.lineOf(path), `entry "${entry}": ${problem}`)
  // An alert that has ended shows nowhere; one that runs over a year most likely has a wrong year.
  registries.alerts.forEach(({ id, start, end }, i) => {
    const problem =
      end < today
        ? `ended on ${end}, so it shows nowhere. Delete it, or check its dates`
        : Date.parse(end) - Date.parse(start) > 365 * 86_400_000
          ? `runs more than a year, from ${start} to ${end}. Check the years`
          : undefined
    if (problem) notice(located.alerts!, [i, 'end'], id, problem)
  })
  noticePagesInNoMenu(rendered, checked, problems)
  ;[...registries.videos.values()].forEach((video, i) => {
    const missing = (['captions', 'descriptions'] as const).filter((field) => !video[field])
    if (missing.length) notice(located.videos!, [i, 'id'], video.id, noTracks(missing))
  })
  // Two documents with one address: one is probably the wrong file (the Board's lists have such
  // slips). A site no document or link was on (KNOWN_SITES) is named at its first entry.
  const [first, seen] = [new Map<string, string>(), new Set(KNOWN_SITES)]
  const linksYaml = located.links!
  const links = [...registries.links.values()].map((doc, index) => ({
    doc,
    index,
    yaml: linksYaml,
  }))
  for (const { doc, yaml, index } of [...checked.documents!, ...links]) {
    const [earlier, site] = [first.get(doc.url), new URL(doc.url).hostname]
    if (earlier && yaml !== linksYaml)
      notice(yaml, [index, 'url'], doc.id, `${SAME_URL} "${earlier}". ${CHECK_BOTH}`)
    if (!seen.has(site)) notice(yaml, [index, 'url'], doc.id, `is on ${site}, ${NEW_SITE}`)
    first.set(doc.url, earlier ?? doc.id)
    seen.add(site)
  }
  noticeOldOnHome(rendered, today, problems)
  noticeTypedFigures(checked, problems)
  noticeOwnPlacementWords(checked, problems)
}

const SAME_URL = 'has the same address (field "url") as entry'
const CHECK_BOTH = "One of them may point to the wrong file: check both on the district's site"
const NEW_SITE =
  'a site the content has not used before. Check that it is the site you mean (a look-alike name leads elsewhere); a developer then adds it to the known sites'
const noTracks = (missing: string[]) =>
  `has no ${missing.join(' and no ')} yet. People who cannot hear it miss what is said, and people who cannot see it what is shown; the accessibility statement lists it until "Write captions and descriptions" (in the site editor) makes them`
const MENUS = 'Menus (in the site editor; the file content/data/navigation.yaml)'

function noticePagesInNoMenu(pages: RenderedPage[], checked: Checked, problems: ProblemList) {
  const { main, footer, district } = checked.registries.navigation
  const inMenus = new Set(
    [...main, ...footer, ...district]
      .flatMap((item) => ('items' in item ? item.items : [item]))
      .flatMap((item) => ('route' in item ? [item.route] : []))
  )
  const linkedFrom = new Map<string, Set<string>>()
  const hrefToRoute = new Map(pages.map((p) => [routeHref(p.route), p.route]))
  for (const page of pages) {
    const hrefs = page.blocks.flatMap((block) =>
      block.kind === 'html'
        ? [...block.html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!)
        : block.kind === 'tiles'
          ? block.tiles.map((t) => t.href)
          : []
    )
    for (const href of hrefs) {
      const route = hrefToRoute.get(href)
      if (route && route !== page.route)
        linkedFrom.set(route, (linkedFrom.get(route) ?? new Set()).add(page.route))
    }
  }
  const lineOf = new Map(checked.pages.map((f) => [f.file, f.lineOf(['route'])]))
  for (const page of pages) {
    // The search page is linked from the search field on every page.
    if (inMenus.has(page.route) || page.blocks.some((b) => b.kind === 'search')) continue
    const from = linkedFrom.get(page.route)
    problems.notice(
      page.file,
      lineOf.get(page.file),
      from?.size
        ? `is in no menu; it is linked from ${[...from].sort().join(', ')}. If it should be in one, add it to a menu in ${MENUS}`
        : `is in no menu and no page links to it, so people can find it only by searching. Add it to a menu in ${MENUS}, or link to it from another page`
    )
  }
}

/** A document over a year old on the home page, where visitors look for what is current. */
function noticeOldOnHome(pages: readonly RenderedPage[], today: string, problems: ProblemList) {
  const home = pages.find((p) => p.route === '/')
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
  for (const doc of home?.blocks.flatMap((b) => (b.kind === 'document' ? b.documents : [])) ?? []) {
    const day = doc.published ?? (doc.year ? `${doc.year}-01-01` : undefined)
    if (!day || day >= yearAgo) continue
    problems.notice(
      home!.file,
      undefined,
      `shows the document "${doc.id}" (${doc.title}), which is from ${day.slice(0, 4)}: more than a year old. Check that it is still current, or move it off the home page`
    )
  }
}

/** Figures a registry holds, typed into a page instead of written as a token. */
function noticeTypedFigures({ pages, registries }: Checked, problems: ProblemList) {
  const { fees, site } = registries
  // "$45.00" and "$45" for 45; "$0.30" for 0.3.
  const money = (amount: number, what: string, token: string) => {
    const full = formatMoney(amount)
    const forms = Number.isInteger(amount) ? [full, full.replace(/\.00$/, '')] : [full]
    return forms.map((text) => ({ text, what, token }))
  }
  const figures = [
    ...fees.inspection.tiers.flatMap((tier) =>
      money(tier.amount, `the "${tier.id}" inspection fee`, `{{fee:${tier.id}}}`)
    ),
    ...money(fees.inspection.reinspection, 'the re-inspection fee', '{{fee:reinspection}}'),
    ...fees.cardFees.methods.map((method) => ({
      text: `${method.percent}%`,
      what: `the "${method.id}" card fee`,
      token: `{{card-fee:${method.id}}}`,
    })),
    { text: site.phone, what: 'the phone number', token: '{{site:phone}}' },
    { text: site.email, what: 'the e-mail address', token: '{{site:email}}' },
  ].map((figure) => ({
    ...figure,
    // Not when more digits follow: $45 is not $450 or $45.50.
    pattern: new RegExp(`${figure.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|\\.\\d)`),
  }))
  for (const { file, body, bodyLine } of pages)
    body.split('\n').forEach((line, i) => {
      for (const figure of figures)
        if (figure.pattern.test(line))
          problems.notice(
            file,
            bodyLine + i + 1,
            `types "${figure.text}", which is ${figure.what} in content/data. Write ${figure.token} instead, so the page follows when it changes`
          )
    })
}

// Where an extinguisher or a CO alarm goes is said in one wording, its fact: a line saying
// it in other words (clause by clause when it names several devices) gets a notice.
const DEVICES = {
  smoke: /smoke (alarm|detector)/i,
  co: /[Cc]arbon monoxide|\bCO\b/,
  extinguisher: /extinguisher/i,
}
const PLACEMENTS = [
  {
    fact: 'extinguisher-placement',
    what: 'where a fire extinguisher goes',
    device: DEVICES.extinguisher,
    place: /\b(put|place|hang|mount|keep)\b.*\bkitchen\b/i,
  },
  {
    fact: 'co-alarm-placement',
    what: 'where a carbon monoxide alarm goes',
    device: DEVICES.co,
    place: /sleep|bedroom|(every|each) (level|floor)/i,
  },
]

function noticeOwnPlacementWords({ pages, registries }: Checked, problems: ProblemList) {
  const placements = PLACEMENTS.filter(({ fact }) => fact in registries.facts)
  for (const { file, body, bodyLine } of pages)
    body.split('\n').forEach((line, i) => {
      if (/\{\{fact:affidavit-form-/.test(line)) return
      const several = Object.values(DEVICES).filter((device) => device.test(line)).length > 1
      const parts = several ? line.split(/[.;,]/) : [line]
      for (const { fact, what, device, place } of placements) {
        if (line.includes(`{{fact:${fact}}}`)) continue
        if (!parts.some((part) => device.test(part) && place.test(part))) continue
        problems.notice(
          file,
          bodyLine + i + 1,
          `says ${what} in its own words. Write {{fact:${fact}}} instead, so the site says it one way everywhere`
        )
      }
    })
}
