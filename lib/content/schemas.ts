import { z } from 'zod'
import { field } from '#lib/content/field-words.ts'
import {
  JOTFORM,
  onProviderHost,
  providerHostMessage,
  VIDEO_FILES,
  YOUTUBE,
  youtubeId,
} from '#lib/providers.ts'

// One schema per content file; the types are inferred from them. Each field carries the words
// staff see for it in the site editor (field-words.ts).

export const routeSchema = z
  .string()
  .regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/, 'should be a route such as /fees (lower case, hyphens)')

export const idSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'should be an id such as budget-2019 (lower case, hyphens)')

// An https address every program reads alike: no user name, password or backslash before the
// host (programs disagree on where it goes), no port, no number, and no letter of another alphabet
// (www.nј.gov, read as punycode xn--, looks like a known site). A document's keeps its spaces.
const webAddress = (example: string, spaces = false) =>
  z
    .string()
    .regex(spaces ? /^https:\/\/[^\s/$.?#][^\t\n\r\f\v]*$/ : /^https:\/\/[^\s/$.?#][^\s]*$/, {
      message: 'should be a web address that starts with https://',
      abort: true,
    })
    .refine((value) => {
      if (/\s$|\\/.test(value) || !URL.canParse(value)) return false
      const url = new URL(value)
      // The regex above has already required https.
      return (
        !(url.username || url.password || url.port) &&
        /^(?!xn--)[a-z0-9-]+(\.(?!xn--)[a-z0-9-]+)*\.(?!xn--)[a-z][a-z0-9-]*$/.test(url.hostname)
      )
    }, `should be a plain web address such as https://www.example.org/${example}: a site name in plain letters a to z with a dot (not a number such as 192.168.0.1), no port such as ":8080", no backslash, and no user name, password or "@" before it`)
const httpsUrlSchema = webAddress('page')

export const documentHref = (doc: { url: string }) => doc.url.replace(/ /g, '%20')

const isoDaySchema = z.iso.date()
const isDay = (value: unknown) => isoDaySchema.safeParse(value).success

export const text = (max: number) => z.string().trim().min(1).max(max)
export const atLeastOne = <T extends z.ZodType>(entry: T) => z.array(entry).min(1)

/** Written once: phone links dial the digits shown (phoneHref in lib/labels.ts). */
export const phoneSchema = z
  .string()
  .regex(
    /^(?:\+?1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-]?)\d{3}[ .-]?\d{4}(?:,? *(?:ext\.?|x) *\d{1,6})?$/,
    'should be a phone number with its area code, such as (732) 251-0900 ext. 3'
  )

export const siteSchema = z.strictObject({
  name: field(text(80), 'Name of the bureau', 'Shown in the header and in every page title.'),
  organization: field(text(80), 'Organization', 'The body the bureau belongs to.'),
  phone: field(
    phoneSchema,
    'Phone',
    'As people read it, with the area code, such as (732) 251-0900 ext. 3. Phone links dial these digits.'
  ),
  email: field(z.email(), 'E-mail address'),
  address: field(
    z.strictObject({
      street: field(text(80), 'Street'),
      city: field(text(40), 'Town'),
      state: field(z.string().length(2), 'State', 'Two letters, such as NJ.'),
      zip: field(z.string().regex(/^\d{5}$/), 'ZIP code', 'Five digits.'),
    }),
    'Address'
  ),
  officeHours: field(text(80), 'Office hours', 'In words.'),
})
export type Site = z.infer<typeof siteSchema>

export const documentKinds = [
  'budget',
  'budget-notice',
  'remuneration-list',
  'losap-report',
  'audit',
  'audit-synopsis',
  'audit-questionnaire',
  'finance-report',
  'resolution',
  'meeting-dates',
  'agenda',
  'minutes',
  'meeting-report',
  'election-results',
  'petition',
  'ordinance',
  'fee-schedule',
  'law',
  'application-aid',
  'safety-sheet',
  'contest',
  'letter',
  'program',
] as const
const languages = ['en', 'es'] as const
const language = () =>
  field(z.enum(languages).default('en'), 'Language', 'Leave empty for English.', {
    choices: { en: 'English', es: 'Spanish' },
  })
const id = (hint = 'Lower case words joined by hyphens, such as budget-2026. Pages use it.') =>
  field(idSchema, 'Id', hint)

const year = (hint: string) => field(z.int().min(1990).max(2100).optional(), 'Year', hint)
export const documentSchema = z.strictObject({
  id: id(),
  title: field(
    text(120),
    'Title',
    'What the file is, in plain words. The button adds the file type for you.'
  ),
  kind: field(
    z.enum(documentKinds),
    'Kind',
    'District pages list documents by kind (budgets on /current, audits on /audit...).',
    { choices: { 'losap-report': 'LOSAP report' } }
  ),
  year: year('The year the document is about (budget year, audit year), if it is about one.'),
  type: field(z.enum(['pdf', 'word', 'excel']), 'File type', '', {
    choices: { pdf: 'PDF', word: 'Word', excel: 'Excel' },
  }),
  language: language(),
  url: field(webAddress('file.pdf', true), 'Address of the file', 'Starts with https://'),
  published: field(
    isoDaySchema.optional(),
    'Day it was put on the site',
    'Dated documents appear in the news feed. Leave empty for older files.'
  ),
  note: field(
    text(300).optional(),
    'Note for readers',
    'Shown under the link in year lists: say where the label, the file or the list disagree. Leave empty if nothing does.'
  ),
})
export type DocumentEntry = z.infer<typeof documentSchema>

export const meetingKinds = ['agenda', 'minutes', 'meeting-report'] as const

export const meetingRecordSchema = documentSchema.extend({
  // A document's words, but where they do not fit a meeting record (a clerk's week found them).
  id: id('Lower case words joined by hyphens, such as minutes-2026-11. Pages use it.'),
  kind: field(
    z.enum(meetingKinds, {
      error:
        'should be "agenda", "minutes" or "meeting-report": the meeting records hold only these. Another document (a budget, an audit…) goes in content/data/documents.yaml (Documents in the site editor)',
    }),
    'Kind',
    'Listed on /agendas, /minutes or /meeting-reports. Other documents go in Documents.'
  ),
  year: year('The year of the meeting: the year of this file.'),
})

/** A size in pixels, left empty for its usual one. */
const pixels = (side: string, min: number, max: number, usual: number, before = '') =>
  field(
    z.int().min(min).max(max).default(usual),
    `${side} in pixels`,
    `${before}Leave empty for ${usual}.`
  )

export const CAPTIONS_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.vtt$/
const CAPTIONS = 'name of a WebVTT file in content/captions, such as fire-is-fast.vtt'
const VTT = z.string().regex(CAPTIONS_FILE, `should be the ${CAPTIONS}`).optional()
const WORKSHOP = `The ${CAPTIONS}. "Write captions and descriptions" makes it for you.`
const DURATION = 'Filled in from the video when you write its captions. No caption may run past it.'
export const videoSchema = z
  .strictObject({
    id: id(),
    title: field(text(120), 'Title', "The video's real title, shown above it."),
    description: field(
      text(300).optional(),
      'Description',
      'One sentence on what the video shows.'
    ),
    provider: field(
      z.enum(['file', 'youtube']),
      'Where the video is',
      'A video file, or YouTube.',
      { choices: { file: 'Video file (MP4)', youtube: 'YouTube' } }
    ),
    url: field(
      httpsUrlSchema,
      'Address of the video',
      'For a file: the MP4 address. For YouTube: the watch address.'
    ),
    captions: field(VTT, 'Captions file', WORKSHOP, { workshop: true }),
    descriptions: field(VTT, 'Descriptions file (what is seen, not said)', WORKSHOP),
    duration: field(z.number().min(1).max(36000).optional(), 'Length in seconds', DURATION),
    transcript: field(
      z.string().trim().min(1).max(20000).optional(),
      'Transcript',
      'What is said and shown in the video, in Markdown. Shown under the video.',
      { markdown: true }
    ),
    width: pixels('Width', 200, 1920, 600),
    height: pixels('Height', 150, 1080, 450),
  })
  .refine((v) => v.provider !== 'file' || onProviderHost(v.url, VIDEO_FILES), {
    path: ['url'],
    message: providerHostMessage(VIDEO_FILES),
  })
  .refine((v) => v.provider !== 'file' || /\.mp4$/i.test(v.url), {
    path: ['url'],
    message: 'should end in .mp4 for a video file',
  })
  .refine((v) => v.provider !== 'youtube' || (onProviderHost(v.url, YOUTUBE) && youtubeId(v.url)), {
    path: ['url'],
    message: 'should be a YouTube address such as https://www.youtube.com/watch?v=Sl3bUZSW5TU',
  })
export type VideoEntry = z.infer<typeof videoSchema>

export const formSchema = z.strictObject({
  id: id(),
  title: field(text(120), 'Title', 'Names the form for screen readers and above the frame.'),
  provider: field(z.literal('jotform'), 'Form service', '', { choices: { jotform: 'JotForm' } }),
  url: field(
    httpsUrlSchema.refine((url) => onProviderHost(url, JOTFORM), providerHostMessage(JOTFORM)),
    'Address of the form',
    'A JotForm address.'
  ),
  /** True for forms that take card payments: only their frames may use the Payment API. */
  payment: field(
    z.boolean().default(false),
    'Takes card payments',
    'Only forms that take card payments may use the payment features of the browser.'
  ),
  height: pixels('Height', 400, 6000, 1400, 'The form scrolls inside this height. '),
})
export type FormEntry = z.infer<typeof formSchema>

export const linkSchema = z.strictObject({
  id: id(),
  label: field(text(120), 'Words of the link'),
  url: field(httpsUrlSchema, 'Address', 'Starts with https://'),
  type: field(z.enum(['website', 'pdf', 'video']), 'What opens', 'Shown next to the link.', {
    choices: { pdf: 'PDF' },
  }),
  publisher: field(
    text(80).optional(),
    'Publisher',
    'Who publishes it, when that helps (such as NJ Division of Fire Safety).'
  ),
  language: language(),
})
export type LinkEntry = z.infer<typeof linkSchema>

/** No fee of the bureau comes near 10,000: a figure above it is a slip (extra zeros). */
const moneySchema = z
  .number()
  .nonnegative()
  .multipleOf(0.01)
  .max(
    10_000,
    'should be at most 10000.00, the most any fee on this site may be. Check for extra zeros'
  )

const days = (from: string, limit: string) =>
  field(
    z.int().min(0).optional(),
    `${from} this many business days`,
    `Leave empty for no ${limit} limit.`
  )
export const feesSchema = z.strictObject({
  inspection: field(
    z.strictObject({
      caption: field(text(160), 'Caption of the fee table'),
      /** Together the tiers must cover every count of business days exactly once. */
      tiers: field(
        atLeastOne(
          z.strictObject({
            id: id('Pages show the fee with {{fee:<id>}}.'),
            minBusinessDays: days('From', 'lower'),
            maxBusinessDays: days('Up to', 'upper'),
            amount: field(moneySchema, 'Fee in dollars', 'Such as 45.00'),
          })
        ),
        'Fee tiers',
        'By business days between applying and the inspection. Together the tiers must cover 0 days and up, each day count once.',
        { singular: 'fee tier', summary: '{{id}}: {{amount}}', open: true }
      ),
      reinspection: field(moneySchema, 'Reinspection fee in dollars'),
      note: field(text(200), 'Note under the table'),
    }),
    'Inspection fees'
  ),
  cardFees: field(
    z.strictObject({
      ordinance: field(
        idSchema,
        'Ordinance document',
        'The document (in Documents) that sets these fees.',
        { relation: 'documents' }
      ),
      ordinanceNumber: field(text(40), 'Ordinance number'),
      methods: field(
        atLeastOne(
          z.strictObject({
            id: id('Pages show the fee with {{card-fee:<id>}}.'),
            label: field(text(60), 'Way to pay'),
            percent: field(z.number().min(0).max(20), 'Percent of the payment'),
            fixed: field(moneySchema, 'Fixed fee in dollars', 'Such as 0.30'),
            per: field(text(60), 'When it applies', 'Such as "per transaction".'),
          })
        ),
        'Ways to pay by card',
        '',
        { singular: 'way to pay', summary: '{{label}}', open: true }
      ),
    }),
    'Card payment fees'
  ),
})
export type Fees = z.infer<typeof feesSchema>
export type InspectionTier = Fees['inspection']['tiers'][number]
export type CardFeeMethod = Fees['cardFees']['methods'][number]

/** A figure or rule quoted on several pages: text, or a date shown as mm/dd/yy. */
const factSchema = z.union([
  field(text(120), 'Figure or rule in words'),
  field(z.strictObject({ date: field(isoDaySchema, 'Date', 'Shown as mm/dd/yy.') }), 'Date'),
])
export const factsSchema = z.record(id('Pages show the value with {{fact:<id>}}.'), factSchema)

export const holidaySchema = z.strictObject({
  date: field(isoDaySchema, 'Day the office is closed'),
  name: field(text(80), 'Name of the holiday'),
})
export type Holiday = z.infer<typeof holidaySchema>

export const alertSchema = z
  .strictObject({
    id: id('Such as burn-ban-2027.'),
    level: field(
      z.enum(['information', 'urgent']),
      'Level',
      'Urgent for burn bans and stopped inspections; information otherwise.'
    ),
    start: field(isoDaySchema, 'First day shown'),
    end: field(isoDaySchema, 'Last day shown', 'On or after the first day.', {
      onOrAfter: 'start',
    }),
    message: field(
      z.string().trim().min(1).max(600),
      'Message',
      'In Markdown, as in pages: `**bold**`, `[words](/fees)` and tokens such as `{{fee:standard}}` work.',
      { markdown: true }
    ),
  })
  // Compared only once both are real days: a mistyped day is its own mistake, not this one.
  .refine((alert) => !(isDay(alert.start) && isDay(alert.end)) || alert.end >= alert.start, {
    path: ['end'],
    message: 'should be on or after "start"',
  })
export type Alert = z.infer<typeof alertSchema>

/** A meeting of the Board from its annual notice: the site lists the year's and offers them as a calendar. */
export const scheduledMeetingSchema = z.strictObject({
  date: field(isoDaySchema, 'Day of the meeting'),
  start: field(
    z
      .string()
      .regex(
        /^(1[0-2]|[1-9]):[0-5]\d [AP]M$/,
        'should be a time such as 6:30 PM (1 to 12, then AM or PM)'
      ),
    'Start time',
    'As the notice writes it, such as 6:30 PM.'
  ),
  place: field(text(200), 'Place', 'The place the notice gives, with the street address.'),
  kind: field(
    z.enum(['regular', 'reorganization', 'special']).default('regular'),
    'Kind of meeting',
    'Leave empty for a regular meeting.'
  ),
  note: field(text(300).optional(), 'Note', 'Shown after the meeting, such as what comes first.'),
  /** Where to join by video, when the notice gives one. */
  remote: field(
    httpsUrlSchema.optional(),
    'Video link',
    'Where to join by video, if the notice gives one. Starts with https://'
  ),
  cancelled: field(
    z.boolean().default(false),
    'Cancelled',
    'The meeting stays in the list, marked cancelled, and calendars show it cancelled.'
  ),
})
export type ScheduledMeeting = z.infer<typeof scheduledMeetingSchema>
