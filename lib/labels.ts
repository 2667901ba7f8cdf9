import type { DocumentEntry, LinkEntry } from '#lib/content/schemas.ts'

// How the site names files, languages and outside links: every "(PDF)" or "(Word, Spanish)".

const FILE_TYPES: Record<DocumentEntry['type'], string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
}
const LINK_TYPES: Record<LinkEntry['type'], string> = {
  website: 'website',
  pdf: 'PDF',
  video: 'video',
}
const withLanguage = (kind: string | undefined, language: DocumentEntry['language']) =>
  [kind, language === 'es' ? 'Spanish' : undefined].filter(Boolean).join(', ')

/** What a document link says about the file: "PDF" or "Word, Spanish". */
export const documentCue = (document: Pick<DocumentEntry, 'type' | 'language'>) =>
  withLanguage(FILE_TYPES[document.type], document.language)

/** What opens when an outside link is followed: "PDF", "website", "video, Spanish". */
export const linkCue = (link: Pick<LinkEntry, 'type' | 'language'>) =>
  withLanguage(LINK_TYPES[link.type], link.language)

/** The cue after an outside link in running text: a file or another language; "" for a web page. */
export const inlineLinkCue = (link: Pick<LinkEntry, 'type' | 'language'>) =>
  withLanguage(link.type === 'website' ? undefined : LINK_TYPES[link.type], link.language)

/** A phone number that never breaks across lines: non-breaking spaces and hyphens. */
export const phoneText = (phone: string) =>
  phone.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011')

/** (732) 251-0900 ext. 3 dials tel:+17322510900,3 (a comma pauses before the extension). */
export function phoneHref(phone: string): string {
  const [number = '', extension] = phone.split(/ext\.?|x/i)
  const digits = number.replace(/\D/g, '').slice(-10)
  return `tel:+1${digits}${extension ? `,${extension.replace(/\D/g, '')}` : ''}`
}

const LIST_NOUNS: Partial<Record<DocumentEntry['kind'], string>> = {
  agenda: 'agendas',
  minutes: 'minutes',
  'meeting-report': 'meeting reports',
  'meeting-dates': 'meeting dates',
  'election-results': 'election results',
  budget: 'budgets',
  audit: 'audits',
  resolution: 'resolutions',
}

/** What a list of documents of these kinds holds, in words: "minutes", or "documents". */
export const listNoun = (kinds: readonly DocumentEntry['kind'][]) =>
  (kinds.length === 1 && LIST_NOUNS[kinds[0]!]) || 'documents'
