import type { RegistryName } from '#lib/content/source.ts'

// What staff read in the editor about each collection: its name in the menu, what it is for,
// and, for a file that is one list, what its entries are called and how a folded one reads
// ("{{title}} ({{id}})": its fields). The words of each field are on the content schemas
// (lib/content/schemas.ts and page-schemas.ts), beside the field's rules.

const TITLE_AND_ID = '{{title}} ({{id}})'

export type ListWords = { label?: string; singular?: string; hint?: string; summary?: string }

/** The collections in the editor's menu, in order, with what each is for. */
export const COLLECTIONS: {
  name: RegistryName | 'pages' | 'meetings'
  label: string
  description: string
  /** A file that is one list (or a map edited as one): the words of its list. */
  list?: ListWords
}[] = [
  {
    name: 'pages',
    label: 'Pages',
    description:
      'One Markdown file per page of the site. The preview shows the page as it will look.',
  },
  {
    name: 'alerts',
    label: 'Alerts',
    description: 'Notices shown above the heading of every page between two dates.',
    list: { singular: 'alert', summary: '{{start}} to {{end}}: {{id}}' },
  },
  {
    name: 'documents',
    label: 'Documents',
    description: 'Every file the site offers for download, each with an id that pages use.',
    list: { singular: 'document', summary: TITLE_AND_ID },
  },
  {
    name: 'meetings',
    label: 'Meeting records',
    description:
      "The Board's agendas, minutes and meeting reports, one file per year, listed on /agendas, /minutes and /meeting-reports. New ones go at the top of their year.",
    list: { singular: 'meeting record' },
  },
  {
    name: 'schedule',
    label: 'Meeting schedule',
    description:
      "This year's Board meetings from its annual notice: listed on /meeting, the next one on the home page, and in the meetings calendar.",
    list: {
      label: 'Meetings',
      singular: 'meeting',
      hint: 'Every meeting in the notice, in any order. To cancel one, keep it and tick Cancelled.',
      summary: '{{date}} {{start}}: {{kind}}',
    },
  },
  {
    name: 'videos',
    label: 'Videos',
    description: 'Videos that pages show with a line "@video <id>".',
    list: { singular: 'video', summary: TITLE_AND_ID },
  },
  {
    name: 'forms',
    label: 'Forms',
    description: 'Outside forms (JotForm) that pages show with a line "@form <id>".',
    list: { singular: 'form', summary: TITLE_AND_ID },
  },
  {
    name: 'links',
    label: 'Outside links',
    description: 'Every address outside this site, each with an id that pages and menus use.',
    list: { singular: 'link', summary: '{{label}} ({{id}})' },
  },
  {
    name: 'fees',
    label: 'Fees',
    description: 'Inspection fees and card payment fees, written once for every page.',
  },
  {
    name: 'facts',
    label: 'Figures and rules',
    description: 'Figures quoted on several pages, shown where a page says {{fact:<id>}}.',
    list: { singular: 'figure', summary: '{{id}}' },
  },
  {
    name: 'holidays',
    label: 'State holidays',
    description: 'Days the office is closed; they do not count as business days for fees.',
    list: {
      label: 'Holidays',
      singular: 'holiday',
      hint: "When a holiday falls on a weekend, enter the weekday the State observes it on. Add next year's dates every autumn.",
      summary: '{{date}}: {{name}}',
    },
  },
  {
    name: 'navigation',
    label: 'Menus',
    description: 'The menu at the top of every page and the links in the footer.',
  },
  {
    name: 'site',
    label: 'Contact details',
    description: "The bureau's name, phone, e-mail, address and office hours.",
  },
]
