import type { RegistryName } from '#lib/content/source.ts'

// What staff read in the editor: the words of each field, collection and kind
// of entry; a schema field without words stops the editor with a message. Keys
// are paths: the file, then field names (`fees.inspection.tiers.amount`), `#shape`
// for one of several shapes; `file.field` serves every field of that name in the file.

type FieldText = {
  label: string
  hint?: string
  /** For a list: what one entry is called ("Add fee tier"). */
  singular?: string
}

/** The collections in the editor's menu, in order, with what each is for. */
export const COLLECTIONS: {
  name: RegistryName | 'pages' | 'meetings'
  label: string
  description: string
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
  },
  {
    name: 'documents',
    label: 'Documents',
    description: 'Every file the site offers for download, each with an id that pages use.',
  },
  {
    name: 'meetings',
    label: 'Meeting records',
    description:
      "The Board's agendas, minutes and meeting reports, one file per year, listed on /agendas, /minutes and /meeting-reports. New ones go at the top of their year.",
  },
  {
    name: 'videos',
    label: 'Videos',
    description: 'Videos that pages show with a line "@video <id>".',
  },
  {
    name: 'forms',
    label: 'Forms',
    description: 'Outside forms (JotForm) that pages show with a line "@form <id>".',
  },
  {
    name: 'links',
    label: 'Outside links',
    description: 'Every address outside this site, each with an id that pages and menus use.',
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
  },
  {
    name: 'holidays',
    label: 'State holidays',
    description: 'Days the office is closed; they do not count as business days for fees.',
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

/** Fields written in Markdown (links and tokens work as in pages). */
export const MARKDOWN_FIELDS: Partial<Record<RegistryName, string[]>> = {
  alerts: ['message'],
  videos: ['transcript'],
}

const ID_HINT = 'Lower case words joined by hyphens, such as budget-2026. Pages use it.'
const ROUTE_HINT = 'A page of this site.'
const LANGUAGE_HINT = 'Leave empty for English.'

export const FIELD_TEXT: Record<string, FieldText> = {
  'site.name': {
    label: 'Name of the bureau',
    hint: 'Shown in the header and in every page title.',
  },
  'site.organization': { label: 'Organization', hint: 'The body the bureau belongs to.' },
  'site.phone': {
    label: 'Phone',
    hint: 'As people read it, with the area code, such as (732) 251-0900 ext. 3. Phone links dial these digits.',
  },
  'site.email': { label: 'E-mail address' },
  'site.address': { label: 'Address' },
  'site.address.street': { label: 'Street' },
  'site.address.city': { label: 'Town' },
  'site.address.state': { label: 'State', hint: 'Two letters, such as NJ.' },
  'site.address.zip': { label: 'ZIP code', hint: 'Five digits.' },
  'site.officeHours': { label: 'Office hours', hint: 'In words.' },

  'navigation.main': {
    label: 'Main menu items',
    singular: 'menu item',
    hint: 'In order. An item is a page, an outside link, or a dropdown menu of items.',
  },
  'navigation.footer': {
    label: 'Footer links',
    singular: 'footer link',
    hint: 'The links at the bottom of every page.',
  },
  'navigation.district': {
    label: 'Fire district links',
    singular: 'fire district link',
    hint: 'The "Fire district" group at the bottom of every page: the district pages (budget, audits, meetings…).',
  },
  'navigation.label': { label: 'Words in the menu' },
  'navigation.route': { label: 'Page', hint: ROUTE_HINT },
  'navigation.link': { label: 'Outside link', hint: 'An entry of Outside links.' },
  'navigation.items': { label: 'Items of the dropdown menu', singular: 'item' },
  'navigation#route': { label: 'Page of this site' },
  'navigation#link': { label: 'Outside link' },
  'navigation#items': { label: 'Dropdown menu' },

  documents: { label: 'Documents', singular: 'document' },
  'documents.id': { label: 'Id', hint: ID_HINT },
  'documents.title': {
    label: 'Title',
    hint: 'What the file is, in plain words. The button adds the file type for you.',
  },
  'documents.kind': {
    label: 'Kind',
    hint: 'District pages list documents by kind (budgets on /current, audits on /audit...).',
  },
  'documents.year': {
    label: 'Year',
    hint: 'The year the document is about (budget year, audit year), if it is about one.',
  },
  'documents.type': { label: 'File type' },
  'documents.language': { label: 'Language', hint: LANGUAGE_HINT },
  'documents.url': { label: 'Address of the file', hint: 'Starts with https://' },
  'documents.published': {
    label: 'Day it was put on the site',
    hint: 'Dated documents appear in the news feed. Leave empty for older files.',
  },
  'documents.note': {
    label: 'Note for readers',
    hint: 'Shown under the link in year lists: say where the label, the file or the list disagree. Leave empty if nothing does.',
  },

  videos: { label: 'Videos', singular: 'video' },
  'videos.id': { label: 'Id', hint: ID_HINT },
  'videos.title': { label: 'Title', hint: "The video's real title, shown above it." },
  'videos.description': { label: 'Description', hint: 'One sentence on what the video shows.' },
  'videos.provider': { label: 'Where the video is', hint: 'A video file, or YouTube.' },
  'videos.url': {
    label: 'Address of the video',
    hint: 'For a file: the MP4 address. For YouTube: the watch address.',
  },
  'videos.captions': {
    label: 'Captions file',
    hint: 'The name of a WebVTT file in content/captions, such as fire-is-fast.vtt. "Write captions and descriptions" makes it for you.',
  },
  'videos.descriptions': {
    label: 'Descriptions file',
    hint: 'What is seen and not said, as a WebVTT file in content/captions. "Write captions and descriptions" makes it for you.',
  },
  'videos.duration': {
    label: 'Length in seconds',
    hint: 'Filled in from the video when you write its captions. No caption may run past it.',
  },
  'videos.transcript': {
    label: 'Transcript',
    hint: 'What is said and shown in the video, in Markdown. Shown under the video.',
  },
  'videos.width': { label: 'Width in pixels', hint: 'Leave empty for 600.' },
  'videos.height': { label: 'Height in pixels', hint: 'Leave empty for 450.' },

  forms: { label: 'Forms', singular: 'form' },
  'forms.id': { label: 'Id', hint: ID_HINT },
  'forms.title': { label: 'Title', hint: 'Names the form for screen readers and above the frame.' },
  'forms.provider': { label: 'Form service' },
  'forms.url': { label: 'Address of the form', hint: 'A JotForm address.' },
  'forms.payment': {
    label: 'Takes card payments',
    hint: 'Only forms that take card payments may use the payment features of the browser.',
  },
  'forms.height': {
    label: 'Height in pixels',
    hint: 'The form scrolls inside this height. Leave empty for 1400.',
  },

  links: { label: 'Outside links', singular: 'link' },
  'links.id': { label: 'Id', hint: ID_HINT },
  'links.label': { label: 'Words of the link' },
  'links.url': { label: 'Address', hint: 'Starts with https://' },
  'links.type': { label: 'What opens', hint: 'Shown next to the link.' },
  'links.publisher': {
    label: 'Publisher',
    hint: 'Who publishes it, when that helps (such as NJ Division of Fire Safety).',
  },
  'links.language': { label: 'Language', hint: LANGUAGE_HINT },

  'fees.inspection': { label: 'Inspection fees' },
  'fees.inspection.caption': { label: 'Caption of the fee table' },
  'fees.inspection.tiers': {
    label: 'Fee tiers',
    singular: 'fee tier',
    hint: 'By business days between applying and the inspection. Together the tiers must cover 0 days and up, each day count once.',
  },
  'fees.inspection.tiers.id': { label: 'Id', hint: 'Pages show the fee with {{fee:<id>}}.' },
  'fees.inspection.tiers.minBusinessDays': {
    label: 'From this many business days',
    hint: 'Leave empty for no lower limit.',
  },
  'fees.inspection.tiers.maxBusinessDays': {
    label: 'Up to this many business days',
    hint: 'Leave empty for no upper limit.',
  },
  'fees.inspection.tiers.amount': { label: 'Fee in dollars', hint: 'Such as 45.00' },
  'fees.inspection.reinspection': { label: 'Reinspection fee in dollars' },
  'fees.inspection.note': { label: 'Note under the table' },
  'fees.cardFees': { label: 'Card payment fees' },
  'fees.cardFees.ordinance': {
    label: 'Ordinance document',
    hint: 'The document (in Documents) that sets these fees.',
  },
  'fees.cardFees.ordinanceNumber': { label: 'Ordinance number' },
  'fees.cardFees.methods': { label: 'Ways to pay by card', singular: 'way to pay' },
  'fees.cardFees.methods.id': { label: 'Id', hint: 'Pages show the fee with {{card-fee:<id>}}.' },
  'fees.cardFees.methods.label': { label: 'Way to pay' },
  'fees.cardFees.methods.percent': { label: 'Percent of the payment' },
  'fees.cardFees.methods.fixed': { label: 'Fixed fee in dollars', hint: 'Such as 0.30' },
  'fees.cardFees.methods.per': { label: 'When it applies', hint: 'Such as "per transaction".' },

  facts: { label: 'Figures and rules', singular: 'figure' },
  'facts.id': { label: 'Id', hint: 'Pages show the value with {{fact:<id>}}.' },
  'facts.value': { label: 'Text' },
  'facts.date': { label: 'Date', hint: 'Shown as mm/dd/yy.' },
  'facts#text': { label: 'Figure or rule in words' },
  'facts#date': { label: 'Date' },

  holidays: {
    label: 'Holidays',
    singular: 'holiday',
    hint: "When a holiday falls on a weekend, enter the weekday the State observes it on. Add next year's dates every autumn.",
  },
  'holidays.date': { label: 'Day the office is closed' },
  'holidays.name': { label: 'Name of the holiday' },

  alerts: { label: 'Alerts', singular: 'alert' },
  'alerts.id': { label: 'Id', hint: 'Such as burn-ban-2027.' },
  'alerts.level': {
    label: 'Level',
    hint: 'Urgent for burn bans and stopped inspections; information otherwise.',
  },
  'alerts.start': { label: 'First day shown' },
  'alerts.end': { label: 'Last day shown', hint: 'On or after the first day.' },
  'alerts.message': {
    label: 'Message',
    hint: 'In Markdown, as in pages: `**bold**`, `[words](/fees)` and tokens such as `{{fee:standard}}` work.',
  },

  'page.route': {
    label: 'Address (route)',
    hint: 'Such as /fire-drills: lower case words joined by hyphens. Two pages cannot share one.',
  },
  'page.title': {
    label: 'Title',
    hint: 'The heading of the page and the start of the browser tab title.',
  },
  'page.shortTitle': {
    label: 'Short title',
    hint: 'Only when the check says the title is too long for a browser tab.',
  },
  'page.description': {
    label: 'Description',
    hint: 'One or two sentences for search engines and the site index.',
  },
  'page.section': { label: 'Part of the site' },
  'page.layout': {
    label: 'Layout',
    hint: 'Checklist draws an empty tick box before every bullet, for printing. Otherwise leave it empty.',
  },
  'page.tiles': {
    label: 'Groups of link tiles',
    singular: 'group of tiles',
    hint: 'Placed in the text with a line "@tiles <group>".',
  },
  'page.tiles.id': { label: 'Group', hint: 'The name used in "@tiles <group>".' },
  'page.tiles.value': { label: 'Tiles', singular: 'tile' },
  'page.label': { label: 'Words on the tile' },
  'page.tiles.value.description': { label: 'Line under the words' },
  'page.tiles.value.route': { label: 'Page', hint: ROUTE_HINT },
  'page.tiles.value.newTab': { label: 'Open in a new tab' },
  'page.tiles.value.link': { label: 'Outside link' },
  'page.tiles.value.document': { label: 'Document' },
  'page.tiles.value#route': { label: 'Page of this site' },
  'page.tiles.value#link': { label: 'Outside link' },
  'page.tiles.value#document': { label: 'Document' },
  'page.draft': { label: 'Draft', hint: 'A draft is checked but not published.' },
  'page.body': {
    label: 'Text',
    hint: 'In Markdown, as described in content/README.md. Headings start at ##. The preview shows the page.',
  },
}

// The meeting records (data/meetings/<year>.yaml) are documents too: their
// fields read as those of documents.yaml.
for (const [path, text] of Object.entries(FIELD_TEXT))
  if (path.startsWith('documents.'))
    FIELD_TEXT[`meetings.${path.slice('documents.'.length)}`] = text
FIELD_TEXT.meetings = { label: 'Meeting records', singular: 'meeting record' }
FIELD_TEXT['meetings.kind'] = {
  label: 'Kind',
  hint: 'Listed on /agendas, /minutes or /meeting-reports. Other documents go in Documents.',
}
// Where a document's words do not fit a meeting record (a clerk's week found them).
FIELD_TEXT['meetings.id'] = {
  label: 'Id',
  hint: 'Lower case words joined by hyphens, such as minutes-2026-11. Pages use it.',
}
FIELD_TEXT['meetings.year'] = {
  label: 'Year',
  hint: 'The year of the meeting: the year of this file.',
}

/** Labels of choices, where the value itself does not read well. */
export const CHOICE_LABELS: Record<string, string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
  en: 'English',
  es: 'Spanish',
  'losap-report': 'LOSAP report',
  youtube: 'YouTube',
  file: 'Video file (MP4)',
  jotform: 'JotForm',
}

/** Short lists shown open, every field in view: the fees are changed there. */
export const OPEN_LISTS = ['fees.inspection.tiers', 'fees.cardFees.methods']

/** The summary of an entry in a collapsed list, in Decap's template words. */
export const SUMMARIES: Record<string, string> = {
  documents: '{{fields.title}} ({{fields.id}})',
  videos: '{{fields.title}} ({{fields.id}})',
  forms: '{{fields.title}} ({{fields.id}})',
  links: '{{fields.label}} ({{fields.id}})',
  holidays: '{{fields.date}}: {{fields.name}}',
  alerts: '{{fields.start}} to {{fields.end}}: {{fields.id}}',
  facts: '{{fields.id}}',
  'fees.inspection.tiers': '{{fields.id}}: {{fields.amount}}',
  'fees.cardFees.methods': '{{fields.label}}',
  navigation: '{{fields.label}}',
  'page.tiles': '{{fields.id}}',
  'page.tiles.value': '{{fields.label}}',
}

// The Board's meeting schedule (data/schedule.yaml), after the meeting records in the menu.
COLLECTIONS.splice(COLLECTIONS.findIndex((c) => c.name === 'meetings') + 1, 0, {
  name: 'schedule',
  label: 'Meeting schedule',
  description:
    "This year's Board meetings from its annual notice: listed on /meeting, the next one on the home page, and in the meetings calendar.",
})
Object.assign(FIELD_TEXT, {
  schedule: {
    label: 'Meetings',
    singular: 'meeting',
    hint: 'Every meeting in the notice, in any order. To cancel one, keep it and tick Cancelled.',
  },
  'schedule.date': { label: 'Day of the meeting' },
  'schedule.start': { label: 'Start time', hint: 'As the notice writes it, such as 6:30 PM.' },
  'schedule.place': {
    label: 'Place',
    hint: 'The place the notice gives, with the street address.',
  },
  'schedule.kind': { label: 'Kind of meeting', hint: 'Leave empty for a regular meeting.' },
  'schedule.note': { label: 'Note', hint: 'Shown after the meeting, such as what comes first.' },
  'schedule.remote': {
    label: 'Video link',
    hint: 'Where to join by video, if the notice gives one. Starts with https://',
  },
  'schedule.cancelled': {
    label: 'Cancelled',
    hint: 'The meeting stays in the list, marked cancelled, and calendars show it cancelled.',
  },
} satisfies Record<string, FieldText>)
SUMMARIES.schedule = '{{fields.date}} {{fields.start}}: {{fields.kind}}'
