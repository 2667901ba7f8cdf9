import { z } from 'zod'
import {
  JOTFORM,
  onProviderHost,
  providerHostMessage,
  VIDEO_FILES,
  YOUTUBE,
  youtubeId,
} from '#lib/providers.ts'

// One schema per content file; the types are inferred from them.

export const routeSchema = z
  .string()
  .regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/, 'should be a route such as /fees (lower case, hyphens)')

const idSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'should be an id such as budget-2019 (lower case, hyphens)')

// An https address every program reads alike: no user name, password or backslash before the
// host (programs disagree on where it goes), no port, no number. A document's keeps its spaces.
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
        /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*$/.test(url.hostname)
      )
    }, `should be a plain web address such as https://www.example.org/${example}: a site name with a dot (not a number such as 192.168.0.1), no port such as ":8080", no backslash, and no user name, password or "@" before it`)
const httpsUrlSchema = webAddress('page')

export const documentHref = (doc: { url: string }) => doc.url.replace(/ /g, '%20')

const isoDaySchema = z.iso.date()
const isDay = (value: unknown) => isoDaySchema.safeParse(value).success

const text = (max: number) => z.string().trim().min(1).max(max)
const atLeastOne = <T extends z.ZodType>(entry: T) => z.array(entry).min(1)

/** Written once: phone links dial the digits shown (phoneHref in lib/labels.ts). */
export const phoneSchema = z
  .string()
  .regex(
    /^(?:\+?1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-]?)\d{3}[ .-]?\d{4}(?:,? *(?:ext\.?|x) *\d{1,6})?$/,
    'should be a phone number with its area code, such as (732) 251-0900 ext. 3'
  )

export const siteSchema = z.strictObject({
  name: text(80),
  organization: text(80),
  phone: phoneSchema,
  email: z.email(),
  address: z.strictObject({
    street: text(80),
    city: text(40),
    state: z.string().length(2),
    zip: z.string().regex(/^\d{5}$/),
  }),
  officeHours: text(80),
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

export const documentSchema = z.strictObject({
  id: idSchema,
  title: text(120),
  kind: z.enum(documentKinds),
  year: z.int().min(1990).max(2100).optional(),
  type: z.enum(['pdf', 'word', 'excel']),
  language: z.enum(languages).default('en'),
  url: webAddress('file.pdf', true),
  published: isoDaySchema.optional(),
  note: text(300).optional(),
})
export type DocumentEntry = z.infer<typeof documentSchema>

export const meetingKinds = ['agenda', 'minutes', 'meeting-report'] as const

export const meetingRecordSchema = documentSchema.extend({
  kind: z.enum(meetingKinds, {
    error:
      'should be "agenda", "minutes" or "meeting-report": the meeting records hold only these. Another document (a budget, an audit…) goes in content/data/documents.yaml (Documents in the site editor)',
  }),
})

export const CAPTIONS_FILE = /^[a-z0-9]+(-[a-z0-9]+)*\.vtt$/

export const videoSchema = z
  .strictObject({
    id: idSchema,
    title: text(120),
    description: text(300).optional(),
    provider: z.enum(['file', 'youtube']),
    url: httpsUrlSchema,
    captions: z
      .string()
      .regex(
        CAPTIONS_FILE,
        'should be the name of a WebVTT file in content/captions, such as fire-is-fast.vtt'
      )
      .optional(),
    /** What is seen and not said, as WebVTT cues (fire-is-fast-descriptions.vtt). */
    descriptions: z
      .string()
      .regex(CAPTIONS_FILE, 'should name a WebVTT file in content/captions')
      .optional(),
    /** The video's length in seconds: no cue may run past it. */
    duration: z.number().min(1).max(36000).optional(),
    transcript: z.string().trim().min(1).max(20000).optional(),
    width: z.int().min(200).max(1920).default(600),
    height: z.int().min(150).max(1080).default(450),
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
  id: idSchema,
  title: text(120),
  provider: z.literal('jotform'),
  url: httpsUrlSchema.refine((url) => onProviderHost(url, JOTFORM), providerHostMessage(JOTFORM)),
  /** True for forms that take card payments: only their frames may use the Payment API. */
  payment: z.boolean().default(false),
  height: z.int().min(400).max(6000).default(1400),
})
export type FormEntry = z.infer<typeof formSchema>

export const linkSchema = z.strictObject({
  id: idSchema,
  label: text(120),
  url: httpsUrlSchema,
  type: z.enum(['website', 'pdf', 'video']),
  publisher: text(80).optional(),
  language: z.enum(languages).default('en'),
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

export const feesSchema = z.strictObject({
  inspection: z.strictObject({
    caption: text(160),
    /** Together the tiers must cover every count of business days exactly once. */
    tiers: atLeastOne(
      z.strictObject({
        id: idSchema,
        minBusinessDays: z.int().min(0).optional(),
        maxBusinessDays: z.int().min(0).optional(),
        amount: moneySchema,
      })
    ),
    reinspection: moneySchema,
    note: text(200),
  }),
  cardFees: z.strictObject({
    ordinance: idSchema,
    ordinanceNumber: text(40),
    methods: atLeastOne(
      z.strictObject({
        id: idSchema,
        label: text(60),
        percent: z.number().min(0).max(20),
        fixed: moneySchema,
        per: text(60),
      })
    ),
  }),
})
export type Fees = z.infer<typeof feesSchema>
export type InspectionTier = Fees['inspection']['tiers'][number]
export type CardFeeMethod = Fees['cardFees']['methods'][number]

/** A figure or rule quoted on several pages: text, or a date shown as mm/dd/yy. */
const factSchema = z.union([text(120), z.strictObject({ date: isoDaySchema })])
export const factsSchema = z.record(idSchema, factSchema)

export const holidaySchema = z.strictObject({ date: isoDaySchema, name: text(80) })
export type Holiday = z.infer<typeof holidaySchema>

export const alertSchema = z
  .strictObject({
    id: idSchema,
    level: z.enum(['information', 'urgent']),
    start: isoDaySchema,
    end: isoDaySchema,
    message: z.string().trim().min(1).max(600),
  })
  // Compared only once both are real days: a mistyped day is its own mistake, not this one.
  .refine((alert) => !(isDay(alert.start) && isDay(alert.end)) || alert.end >= alert.start, {
    path: ['end'],
    message: 'should be on or after "start"',
  })
export type Alert = z.infer<typeof alertSchema>

/** A meeting of the Board from its annual notice: the site lists the year's and offers them as a calendar. */
export const meetingKindsScheduled = ['regular', 'reorganization', 'special'] as const
export const scheduledMeetingSchema = z.strictObject({
  date: isoDaySchema,
  start: z
    .string()
    .regex(
      /^(1[0-2]|[1-9]):[0-5]\d [AP]M$/,
      'should be a time such as 6:30 PM (1 to 12, then AM or PM)'
    ),
  place: text(200),
  kind: z.enum(meetingKindsScheduled).default('regular'),
  note: text(300).optional(),
  /** Where to join by video, when the notice gives one. */
  remote: httpsUrlSchema.optional(),
  cancelled: z.boolean().default(false),
})
export type ScheduledMeeting = z.infer<typeof scheduledMeetingSchema>

const navLinkSchema = z.union([
  z.strictObject({ label: text(60), route: routeSchema }),
  z.strictObject({ label: text(60), link: idSchema }),
])
export const navigationSchema = z.strictObject({
  main: atLeastOne(
    z.union([navLinkSchema, z.strictObject({ label: text(40), items: atLeastOne(navLinkSchema) })])
  ),
  footer: atLeastOne(navLinkSchema),
  /** The footer's "Fire district" group: the district's public record. */
  district: z.array(navLinkSchema).default([]),
})

export const sections = ['home', 'inspections', 'safety', 'lessons', 'district', 'about'] as const

const tile = { label: text(80), description: text(200).optional() }
const tileSchema = z.union([
  z.strictObject({ ...tile, route: routeSchema, newTab: z.boolean().default(false) }),
  z.strictObject({ ...tile, link: idSchema }),
  z.strictObject({ ...tile, document: idSchema }),
])
export type Tile = z.infer<typeof tileSchema>

export const pageSchema = z.strictObject({
  route: routeSchema,
  title: text(70),
  /** The browser tab's title, when "title | site name" would be too long there. */
  shortTitle: text(60).optional(),
  description: z.string().trim().min(30).max(170),
  section: z.enum(sections),
  layout: z.enum(['standard', 'checklist']).default('standard'),
  tiles: z.record(idSchema, atLeastOne(tileSchema)).optional(),
  draft: z.boolean().default(false),
})
export type PageFrontmatter = z.infer<typeof pageSchema>
