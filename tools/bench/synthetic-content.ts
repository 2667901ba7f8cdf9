// Synthetic content for `npm run bench:scale`: the real content plus `pages` made-up pages, ten
// meeting records a page (the Board's archive is what grows by thousands) and three more menus.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseDocument } from 'yaml'
import { meetingKinds as kinds } from '#lib/content/schemas.ts'

const TEXT =
  'smoke alarm test every month replace battery when clocks change keep exits clear plan two ways out practice the drill at night close the door crawl low under smoke meet outside call from a neighbor never go back inside heaters need three feet of space grills stay five feet from the house check the date on the back of each alarm'
const WORDS = TEXT.split(' ')
const SECTIONS = ['inspections', 'safety', 'lessons', 'district', 'about']

function sentence(seed: number, length: number) {
  const words = Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]!)
  return `${words.join(' ')}.`.replace(/^./, (first) => first.toUpperCase())
}

const paragraph = (seed: number) =>
  Array.from({ length: 6 }, (_, i) => sentence(seed + i, 10 + ((seed + i) % 8))).join(' ')

/** Writes a content folder with the real content plus the synthetic pages; returns its path. */
export function syntheticContent(pages: number, from = join(process.cwd(), 'content')): string {
  const dir = mkdtempSync(join(tmpdir(), `scale-${pages}-`))
  cpSync(from, dir, { recursive: true })
  const route = (i: number) => `/synthetic-page-${i}`
  const documents = pages * 10
  // By year, as the archive is kept: one file of 10,000 records would pass the 1 MB file limit.
  for (let d = 0; d < documents; d++) {
    const year = 1990 + (d % 37)
    appendFileSync(
      join(dir, 'data', 'meetings', `${year}.yaml`),
      `
- id: synthetic-document-${d}
  title: Synthetic document ${d}
  kind: ${kinds[d % kinds.length]}
  year: ${year}
  type: pdf
  url: https://diuy0t6boke2n.cloudfront.net/synthetic/document-${d}.pdf
`
    )
  }

  for (let i = 0; i < pages; i++) {
    const links = [1, 2, 3].map((k) => `[page ${(i + k) % pages}](${route((i + k) % pages)})`)
    const body = [
      paragraph(i),
      `The standard fee is {{fee:standard}}, and {{site:name}} inspects homes. See ${links.join(', ')} or [the home page](/).`,
      `## Before the inspection`,
      paragraph(i + 1),
      `@document synthetic-document-${(i * 10) % documents} synthetic-document-${(i * 10 + 1) % documents}`,
      `## During the inspection`,
      paragraph(i + 2),
      `- ${sentence(i, 8)}\n- ${sentence(i + 1, 9)}\n- ${sentence(i + 2, 7)}`,
      `## After the inspection`,
      paragraph(i + 3),
      ...(i % 50 === 0 ? [`@documents ${kinds[i % kinds.length]}`] : []),
    ].join('\n\n')
    writeFileSync(
      join(dir, 'pages', `synthetic-page-${i}.md`),
      `---
route: ${route(i)}
title: Synthetic page ${i}
description: A made-up page for the scale benchmark, number ${i}, with ordinary text and links.
section: ${SECTIONS[i % SECTIONS.length]}
---

${body}
`
    )
  }

  const navigation = join(dir, 'data', 'navigation.yaml')
  const doc = parseDocument(readFileSync(navigation, 'utf8'))
  for (const m of [0, 1, 2]) {
    doc.addIn(['main'], {
      label: `Synthetic menu ${m}`,
      items: Array.from({ length: Math.min(10, pages) }, (_, k) => ({
        label: `Synthetic page ${(m * 10 + k) % pages}`,
        route: route((m * 10 + k) % pages),
      })),
    })
  }
  writeFileSync(navigation, doc.toString())
  return dir
}
