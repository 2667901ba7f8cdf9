import { z } from 'zod'
import {
  JOTFORM,
  onProviderHost,
  providerHostMessage,
  VIDEO_FILES,
  YOUTUBE,
  youtubeId,
} from '#lib/providers.ts'

// One schema per content file. Types are derived from these schemas, never
// written by hand, so what the build checks and what the code uses agree.

/** A route: `/` or `/words-joined-by-hyphens`, as the page is reached. */
export const routeSchema = z
  .string()
  .regex(/^\/([a-z0-9]+(-[a-z0-9]+)*)?$/, 'should be a route such as /fees (lower case, hyphens)')

/** An id used to refer to a registry entry: lower case words joined by hyphens. */
const idSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'should be an id such as budget-2019 (lower case, hyphens)')

/**
 * A plain https address, read the same way by every program: no user name
 * or password before the site's name (https://a@evil.example/ goes to
 * evil.example), no backslash (browsers read https://evil.example\\@good.example/
 * as evil.example, other programs as good.example), no port, and a name
 * with a dot whose last part starts with a letter (not a number address
 * such as 192.168.0.1).
 */
function isPlainHttpsAddress(value: string): boolean {
  if (!URL.canParse(value) || value.includes('\\')) return false
  const url = new URL(value)
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*$/.test(url.hostname)
  )
}

const PLAIN_ADDRESS =
  'a site name with a dot (not a number such as 192.168.0.1), no port such as ":8080", no backslash, and no user name, password or "@" before it'

/** Every address the site sends people to must be https. */
const httpsUrlSchema = z
  .string()
  .regex(/^https:\/\/[^\s/$.?#][^\s]*$/, {
    message: 'should be a web address that starts with https://',
    abort: true,
  })
  .refine(
    isPlainHttpsAddress,
    `should be a plain web address such as https://www.example.org/page: ${PLAIN_ADDRESS}`
  )

/**
 * A document's address. It may hold spaces as the fire district published
 * it (`2022_Election Results.docx`): kept so in the registry, and sent in
 * links percent-encoded (`%20`, documentHref), as a browser would.
 */
const documentUrlSchema = z
  .string()
  .regex(/^https:\/\/[^\s/$.?#][^\t\n\r\f\v]*$/, {
    message: 'should be a web address that starts with https://',
    abort: true,
  })
  .refine(
    (value) => !/^\s|\s$/.test(value) && isPlainHttpsAddress(value),
    `should be a plain web address such as https://www.example.org/file.pdf: ${PLAIN_ADDRESS}`
  )

/** The address of a document as links send it: spaces percent-encoded. */
export const documentHref = (doc: { url: string }) => doc.url.replace(/ /g, '%20')

/** A calendar day written YYYY-MM-DD (quoted in YAML). */
const isoDaySchema = z.iso.date()
const isDay = (value: unknown) => isoDaySchema.safeParse(value).success

const text = (max: number) => z.string().trim().min(1).max(max)

/**
 * The phone number as people read it, with its area code and any extension:
 * (732) 251-0900 ext. 3. Written once: phone links dial the same digits
 * (phoneHref in lib/labels.ts), so the number shown and the number dialled
 * cannot drift apart.
 */
export const phoneSchema = z
  .string()
  .regex(
    /^(?:\+?1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-]?)\d{3}[ .-]?\d{4}(?:,? *(?:ext\.?|x) *\d{1,6})?$/,
    'should be a phone number with its area code, such as (732) 251-0900 ext. 3'
  )

// ---------------------------------------------------------------- site.yaml
export const siteSchema = z.strictObject({
  /** The bureau's name, shown in the header and in every page title. */
  name: text(80),
  /** The body the bureau belongs to. */
  organization: text(80),
  /** As people read it, e.g. (732) 251-0900 ext. 3; phone links dial it. */
  phone: phoneSchema,
  email: z.email(),
  address: z.strictObject({
    street: text(80),
    city: text(40),
    state: z.string().length(2),
    zip: z.string().regex(/^\d{5}$/),
  }),
  /** When the office is open, in words. */
  officeHours: text(80),
})
export type Site = z.infer<typeof siteSchema>

// ----------------------------------------------------------- documents.yaml
export const documentKinds = [
  // District finance and governance (the transparency pages list these).
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
  // Everything else the bureau publishes.
  'ordinance',
  'fee-schedule',
  'law',
  'application-aid',
  'safety-sheet',
  'contest',
  'letter',
  'program',
] as const
const fileTypes = ['pdf', 'word', 'excel'] as const
const languages = ['en', 'es'] as const

export const documentSchema = z.strictObject({
  id: idSchema,
  /** What the file is, in plain words; the button adds the file type. */
  title: text(120),
  kind: z.enum(documentKinds),
  /** The year the document is about (budget year, audit year...). */
  year: z.int().min(1990).max(2100).optional(),
  type: z.enum(fileTypes),
  language: z.enum(languages).default('en'),
  url: documentUrlSchema,
  /** The day the file was put on the site; dated documents appear in the news feed. */
  published: isoDaySchema.optional(),
  /** A note for readers, shown under the link in year lists: where the label, the file or the list disagree. */
  note: text(300).optional(),
})
export type DocumentEntry = z.infer<typeof documentSchema>

/** The kinds of the Board's meeting records: each has its page (/agendas, /minutes, /meeting-reports). */
export const meetingKinds = ['agenda', 'minutes', 'meeting-report'] as const

/** A meeting record (content/data/meetings/<year>.yaml): a document of a meeting kind. */
export const meetingRecordSchema = documentSchema.extend({
  kind: z.enum(meetingKinds, {
    error:
      'should be "agenda", "minutes" or "meeting-report": the meeting records hold only these. Another document (a budget, an audit…) goes in content/data/documents.yaml (Documents in the site editor)',
  }),
})

// -------------------------------------------------------------- videos.yaml
/** A captions file in content/captions, published at /captions/<name>. */
const captionsFileSchema = z
  .string()
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*\.vtt$/,
    'should be the name of a WebVTT file in content/captions, such as fire-is-fast.vtt'
  )

export const videoSchema = z
  .strictObject({
    id: idSchema,
    /** The video's real title, shown above it. */
    title: text(120),
    /** One sentence on what the video shows. */
    description: text(300).optional(),
    provider: z.enum(['file', 'youtube']),
    /** For files: the MP4 address. For YouTube: the watch address. */
    url: httpsUrlSchema,
    /** Captions (WebVTT) for the video: a file in content/captions. */
    captions: captionsFileSchema.optional(),
    /** What is said and shown in the video, in Markdown, shown under it. */
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

// --------------------------------------------------------------- forms.yaml
export const formSchema = z.strictObject({
  id: idSchema,
  /** Names the form for screen readers and above the frame. */
  title: text(120),
  provider: z.literal('jotform'),
  url: httpsUrlSchema.refine((url) => onProviderHost(url, JOTFORM), providerHostMessage(JOTFORM)),
  /** True for forms that take card payments: only their frames may use the Payment API. */
  payment: z.boolean().default(false),
  /** Height of the frame in CSS pixels; the form scrolls inside it. */
  height: z.int().min(400).max(6000).default(1400),
})
export type FormEntry = z.infer<typeof formSchema>

// --------------------------------------------------------------- links.yaml
export const linkSchema = z.strictObject({
  id: idSchema,
  label: text(120),
  url: httpsUrlSchema,
  /** What opens: a web site, a PDF file or a video. Shown next to the link. */
  type: z.enum(['website', 'pdf', 'video']),
  /** Who publishes it, when that helps (e.g. NJ Division of Fire Safety). */
  publisher: text(80).optional(),
  language: z.enum(languages).default('en'),
})
export type LinkEntry = z.infer<typeof linkSchema>

// ---------------------------------------------------------------- fees.yaml
/** No fee of the bureau comes near it; a figure above it is a slip (extra zeros). */
const MAX_FEE = 10_000
const moneySchema = z
  .number()
  .nonnegative()
  .multipleOf(0.01)
  .max(
    MAX_FEE,
    'should be at most 10000.00, the most any fee on this site may be. Check for extra zeros'
  )

export const feesSchema = z.strictObject({
  inspection: z.strictObject({
    /** Caption of the fee table. */
    caption: text(160),
    /**
     * Tiers by business days between the application and the inspection.
     * Together they must cover every count of days exactly once.
     */
    tiers: z
      .array(
        z.strictObject({
          id: idSchema,
          minBusinessDays: z.int().min(0).optional(),
          maxBusinessDays: z.int().min(0).optional(),
          amount: moneySchema,
        })
      )
      .min(1),
    reinspection: moneySchema,
    /** Shown under the table. */
    note: text(200),
  }),
  cardFees: z.strictObject({
    /** Id of the ordinance document that sets these fees. */
    ordinance: idSchema,
    ordinanceNumber: text(40),
    methods: z
      .array(
        z.strictObject({
          id: idSchema,
          label: text(60),
          percent: z.number().min(0).max(20),
          fixed: moneySchema,
          /** When the fee applies, e.g. "per transaction". */
          per: text(60),
        })
      )
      .min(1),
  }),
})
export type Fees = z.infer<typeof feesSchema>
export type InspectionTier = Fees['inspection']['tiers'][number]
export type CardFeeMethod = Fees['cardFees']['methods'][number]

// --------------------------------------------------------------- facts.yaml
/** A figure or rule quoted on several pages: text, or a date shown as mm/dd/yy. */
const factSchema = z.union([text(120), z.strictObject({ date: isoDaySchema })])
export const factsSchema = z.record(idSchema, factSchema)
export type Facts = z.infer<typeof factsSchema>

// ------------------------------------------------------------ holidays.yaml
export const holidaySchema = z.strictObject({
  /** The day the office is closed (the observed day when it falls on a weekend). */
  date: isoDaySchema,
  name: text(80),
})
export type Holiday = z.infer<typeof holidaySchema>

// -------------------------------------------------------------- alerts.yaml
export const alertSchema = z
  .strictObject({
    id: idSchema,
    /** `urgent` for burn bans and stopped inspections; `information` otherwise. */
    level: z.enum(['information', 'urgent']),
    /** First and last day the alert shows (both included). */
    start: isoDaySchema,
    end: isoDaySchema,
    /** The notice, in Markdown (links and tokens work as in pages). */
    message: z.string().trim().min(1).max(600),
  })
  // Compared only once both are real days: a mistyped day is its own mistake, not this one.
  .refine((alert) => !(isDay(alert.start) && isDay(alert.end)) || alert.end >= alert.start, {
    path: ['end'],
    message: 'should be on or after "start"',
  })
export type Alert = z.infer<typeof alertSchema>

// ---------------------------------------------------------- navigation.yaml
const navLinkSchema = z.union([
  z.strictObject({ label: text(60), route: routeSchema }),
  z.strictObject({ label: text(60), link: idSchema }),
])
export const navigationSchema = z.strictObject({
  /** The header menu, in order; an entry with items becomes a dropdown. */
  main: z
    .array(
      z.union([
        navLinkSchema,
        z.strictObject({ label: text(40), items: z.array(navLinkSchema).min(1) }),
      ])
    )
    .min(1),
  /** The links in the footer of every page. */
  footer: z.array(navLinkSchema).min(1),
  /**
   * The "Fire district" group of the footer: the district's public record
   * (budget, audits, meetings…), one step from every page.
   */
  district: z.array(navLinkSchema).default([]),
})
export type Navigation = z.infer<typeof navigationSchema>

// -------------------------------------------------------------- pages/*.md
export const sections = ['home', 'inspections', 'safety', 'lessons', 'district', 'about'] as const

const tileSchema = z.union([
  z.strictObject({
    label: text(80),
    description: text(200).optional(),
    route: routeSchema,
    newTab: z.boolean().default(false),
  }),
  z.strictObject({ label: text(80), description: text(200).optional(), link: idSchema }),
  z.strictObject({ label: text(80), description: text(200).optional(), document: idSchema }),
])
export type Tile = z.infer<typeof tileSchema>

export const pageSchema = z.strictObject({
  /** Where the page lives, e.g. /fees. Each route belongs to one file. */
  route: routeSchema,
  /** The page's heading (h1), at most 70 characters. */
  title: text(70),
  /**
   * A shorter title for the browser tab, when "title | site name" would be
   * too long there (the content check says so).
   */
  shortTitle: text(60).optional(),
  /** One or two sentences for search engines and the site index (30 to 170 characters). */
  description: z.string().trim().min(30).max(170),
  /** Which part of the site the page belongs to (used by the site index). */
  section: z.enum(sections),
  /** `checklist` draws tick boxes in front of list items, for printing. */
  layout: z.enum(['standard', 'checklist']).default('standard'),
  /** Groups of link tiles, placed in the text with `@tiles <group>`. */
  tiles: z.record(idSchema, z.array(tileSchema).min(1)).optional(),
  /** A draft is checked but not published. */
  draft: z.boolean().default(false),
})
export type PageFrontmatter = z.infer<typeof pageSchema>
