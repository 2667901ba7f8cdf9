import { z } from 'zod'
import { field } from '#lib/content/field-words.ts'
import { atLeastOne, idSchema, routeSchema, text } from '#lib/content/schemas.ts'

// How pages are reached: the menus (content/data/navigation.yaml), and each page's frontmatter
// with its tiles; the fields with the words staff see, as in schemas.ts.

const page = () => field(routeSchema, 'Page', 'A page of this site.', { relation: 'pages' })
const link = (hint?: string) => field(idSchema, 'Outside link', hint, { relation: 'links' })
const menuWords = (max: number) => field(text(max), 'Words in the menu')
const menu = <T extends z.ZodType>(list: T, title: string, singular: string, hint?: string) =>
  field(list, title, hint, { singular, summary: '{{label}}' })
const navLinkSchema = z.union([
  field(z.strictObject({ label: menuWords(60), route: page() }), 'Page of this site'),
  field(
    z.strictObject({ label: menuWords(60), link: link('An entry of Outside links.') }),
    'Outside link'
  ),
])
export const navigationSchema = z.strictObject({
  main: menu(
    atLeastOne(
      z.union([
        navLinkSchema,
        field(
          z.strictObject({
            label: menuWords(40),
            items: menu(atLeastOne(navLinkSchema), 'Items of the dropdown menu', 'item'),
          }),
          'Dropdown menu'
        ),
      ])
    ),
    'Main menu items',
    'menu item',
    'In order. An item is a page, an outside link, or a dropdown menu of items.'
  ),
  footer: menu(
    atLeastOne(navLinkSchema),
    'Footer links',
    'footer link',
    'The links at the bottom of every page.'
  ),
  /** The footer's "Fire district" group: the district's public record. */
  district: menu(
    z.array(navLinkSchema).default([]),
    'Fire district links',
    'fire district link',
    'The "Fire district" group at the bottom of every page: the district pages (budget, audits, meetings…).'
  ),
})

export const sections = ['home', 'inspections', 'safety', 'lessons', 'district', 'about'] as const

const tile = {
  label: field(text(80), 'Words on the tile'),
  description: field(text(200).optional(), 'Line under the words'),
}
const tileSchema = z.union([
  field(
    z.strictObject({
      ...tile,
      route: page(),
      newTab: field(z.boolean().default(false), 'Open in a new tab'),
    }),
    'Page of this site'
  ),
  field(z.strictObject({ ...tile, link: link() }), 'Outside link'),
  field(
    z.strictObject({
      ...tile,
      document: field(idSchema, 'Document', '', { relation: 'documents' }),
    }),
    'Document'
  ),
])
export type Tile = z.infer<typeof tileSchema>

export const pageSchema = z.strictObject({
  route: field(
    routeSchema,
    'Address (route)',
    'Such as /fire-drills: lower case words joined by hyphens. Two pages cannot share one.'
  ),
  title: field(
    text(70),
    'Title',
    'The heading of the page and the start of the browser tab title.'
  ),
  /** The browser tab's title, when "title | site name" would be too long there. */
  shortTitle: field(
    text(60).optional(),
    'Short title',
    'Only when the check says the title is too long for a browser tab.'
  ),
  description: field(
    z.string().trim().min(30).max(170),
    'Description',
    'One or two sentences for search engines and the site index.'
  ),
  section: field(z.enum(sections), 'Part of the site'),
  layout: field(
    z.enum(['standard', 'checklist']).default('standard'),
    'Layout',
    'Checklist draws an empty tick box before every bullet, for printing. Otherwise leave it empty.'
  ),
  tiles: field(
    z
      .record(
        field(idSchema, 'Group', 'The name used in "@tiles <group>".'),
        field(atLeastOne(tileSchema), 'Tiles', '', { singular: 'tile', summary: '{{label}}' })
      )
      .optional(),
    'Groups of link tiles',
    'Placed in the text with a line "@tiles <group>".',
    { singular: 'group of tiles', summary: '{{id}}' }
  ),
  draft: field(z.boolean().default(false), 'Draft', 'A draft is checked but not published.'),
})
export type PageFrontmatter = z.infer<typeof pageSchema>
