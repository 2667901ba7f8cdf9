import type { CheckedSource } from '#lib/content/check.ts'
import type { Located, LocatedRegistries, PageFile } from '#lib/content/read.ts'
import { entryMessage, type ProblemList } from '#lib/content/problems.ts'
import type { Registries } from '#lib/content/registries.ts'
import type { RenderedPage } from '#lib/content/render.ts'
import { formatMoney } from '#lib/money.ts'
import { routeHref } from '#lib/routes.ts'

// Step 4 of the content check (lib/content/index.ts runs it once the
// content has no error): what is worth a look but never stops the build.

/** Worth a look, never stops the build. */
export function noticeContent(
  checked: CheckedSource & { registries: Registries },
  rendered: readonly RenderedPage[],
  today: string,
  problems: ProblemList
) {
  noticeAlertDates(checked.registries, checked.located.alerts!, today, problems)
  noticePagesInNoMenu(rendered, checked.pages, checked.registries, problems)
  noticeVideosWithoutCaptions(checked.registries, checked.located.videos!, problems)
  noticeSameAddress(checked.registries, checked.located, checked.meetings, problems)
  noticeOldOnHome(rendered, today, problems)
  noticeTypedFigures(checked.pages, checked.registries, problems)
  noticeOwnPlacementWords(checked.pages, checked.registries, problems)
}

/** Days between two ISO days. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/**
 * An alert that has ended shows nowhere any more; one that runs more than a
 * year was most likely given a wrong year (2027 for 2026, 1906 for 2026).
 */
function noticeAlertDates(
  registries: Registries,
  yaml: Located,
  today: string,
  problems: ProblemList
) {
  registries.alerts.forEach((alert, i) => {
    if (alert.end < today)
      problems.notice(
        yaml.file,
        yaml.lineOf([i, 'end']),
        entryMessage({
          entry: alert.id,
          problem: `ended on ${alert.end}, so it shows nowhere. Delete it, or check its dates`,
        })
      )
    else if (daysBetween(alert.start, alert.end) > 365)
      problems.notice(
        yaml.file,
        yaml.lineOf([i, 'end']),
        entryMessage({
          entry: alert.id,
          problem: `runs more than a year, from ${alert.start} to ${alert.end}. Check the years`,
        })
      )
  })
}

/** Where the menus are edited, in the site editor and as a file. */
const MENUS = 'Menus (in the site editor; the file content/data/navigation.yaml)'

function noticePagesInNoMenu(
  pages: readonly RenderedPage[],
  files: readonly PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const inMenus = new Set<string>()
  const { main, footer, district } = registries.navigation
  for (const item of [...main, ...footer, ...district]) {
    for (const sub of 'items' in item ? item.items : [item])
      if ('route' in sub) inMenus.add(sub.route)
  }
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
  const lineOf = new Map(files.map((f) => [f.file, f.lineOf(['route'])]))
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

function noticeVideosWithoutCaptions(registries: Registries, yaml: Located, problems: ProblemList) {
  ;[...registries.videos.values()].forEach((video, i) => {
    if (video.captions) return
    problems.notice(
      yaml.file,
      yaml.lineOf([i, 'id']),
      entryMessage({
        entry: video.id,
        problem:
          'has no captions yet (field "captions"). People who cannot hear it miss what is said; the accessibility statement lists it until a captions file is added',
      })
    )
  })
}

/**
 * Two documents with the same address: one of them is probably the wrong
 * file (the Board's own lists have such slips). Named both, at the second.
 */
function noticeSameAddress(
  registries: Registries,
  located: Partial<LocatedRegistries>,
  meetings: readonly Located[],
  problems: ProblemList
) {
  const first = new Map<string, string>()
  // Every file, in order: each entry at its own file and line.
  const files = [located.documents!, ...meetings]
  const where = files.flatMap((yaml) =>
    (Array.isArray(yaml.data) ? yaml.data : []).map((_, i) => ({ yaml, i }))
  )
  ;[...registries.documents.values()].forEach((doc, n) => {
    const earlier = first.get(doc.url)
    if (!earlier) return void first.set(doc.url, doc.id)
    const { yaml, i } = where[n]!
    problems.notice(
      yaml.file,
      yaml.lineOf([i, 'url']),
      entryMessage({
        entry: doc.id,
        problem: `has the same address (field "url") as entry "${earlier}". One of them may point to the wrong file: check both on the district's site`,
      })
    )
  })
}

/**
 * A dated document the home page shows that is more than a year old (by
 * its day on the site, or else the first day of its year): the home page
 * is where visitors look for what is current.
 */
function noticeOldOnHome(pages: readonly RenderedPage[], today: string, problems: ProblemList) {
  const home = pages.find((p) => p.route === '/')
  if (!home) return
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
  const shown = home.blocks.flatMap((b) => (b.kind === 'document' ? b.documents : []))
  for (const doc of shown) {
    const day = doc.published ?? (doc.year ? `${doc.year}-01-01` : undefined)
    if (!day || day >= yearAgo) continue
    problems.notice(
      home.file,
      undefined,
      `shows the document "${doc.id}" (${doc.title}), which is from ${day.slice(0, 4)}: more than a year old. Check that it is still current, or move it off the home page`
    )
  }
}

/** Figures a registry holds, typed into a page instead of written as a token. */
function noticeTypedFigures(
  pages: readonly PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const { fees, site } = registries
  const figures: { text: string; what: string; token: string }[] = [
    ...fees.inspection.tiers.flatMap((tier) =>
      moneyForms(tier.amount).map((text) => ({
        text,
        what: `the "${tier.id}" inspection fee`,
        token: `{{fee:${tier.id}}}`,
      }))
    ),
    ...moneyForms(fees.inspection.reinspection).map((text) => ({
      text,
      what: 'the re-inspection fee',
      token: '{{fee:reinspection}}',
    })),
    ...fees.cardFees.methods.map((method) => ({
      text: `${method.percent}%`,
      what: `the "${method.id}" card fee`,
      token: `{{card-fee:${method.id}}}`,
    })),
    { text: site.phone, what: 'the phone number', token: '{{site:phone}}' },
    { text: site.email, what: 'the e-mail address', token: '{{site:email}}' },
  ]
  const patterns = figures.map((figure) => ({
    ...figure,
    // Not when more digits follow: $45 is not $450 or $45.50.
    pattern: new RegExp(`${figure.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|\\.\\d)`),
  }))
  for (const { file, body, bodyLine } of pages) {
    body.split('\n').forEach((line, i) => {
      for (const figure of patterns) {
        if (!figure.pattern.test(line)) continue
        problems.notice(
          file,
          bodyLine + i + 1,
          `types "${figure.text}", which is ${figure.what} in content/data. Write ${figure.token} instead, so the page follows when it changes`
        )
      }
    })
  }
}

/** "$45.00" and "$45" for 45; "$0.30" for 0.3. */
function moneyForms(amount: number): string[] {
  const full = formatMoney(amount)
  return Number.isInteger(amount) ? [full, full.replace(/\.00$/, '')] : [full]
}

/**
 * Where a fire extinguisher or a carbon monoxide alarm goes is said in one
 * wording, its fact: a line that names the device and its place in other
 * words gets a notice naming the token (clause by clause where a line names
 * several devices; the affidavit page quotes its form's own wording, the
 * facts affidavit-form-…).
 */
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

function noticeOwnPlacementWords(
  pages: readonly PageFile[],
  registries: Registries,
  problems: ProblemList
) {
  const placements = PLACEMENTS.filter(({ fact }) => fact in registries.facts)
  for (const { file, body, bodyLine } of pages) {
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
}
