import type { DocumentEntry, LinkEntry } from '@/lib/content/schemas'

const FILE_TYPES: Record<DocumentEntry['type'], string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
}
const LANGUAGES: Record<DocumentEntry['language'], string> = { en: 'English', es: 'Spanish' }

/** How a file type is named to people: PDF, Word, Excel. */
export function fileTypeLabel(type: DocumentEntry['type']): string {
  return FILE_TYPES[type]
}

/** The English name of a language code used in the registries. */
export function languageName(code: string): string {
  return LANGUAGES[code as DocumentEntry['language']] ?? code
}

/** What a document link says about the file: "PDF" or "Word, Spanish". */
export function documentCue(document: Pick<DocumentEntry, 'type' | 'language'>): string {
  const language = document.language === 'en' ? [] : [languageName(document.language)]
  return [fileTypeLabel(document.type), ...language].join(', ')
}

const LINK_TYPES: Record<LinkEntry['type'], string> = {
  website: 'website',
  pdf: 'PDF',
  video: 'video',
}

/** What opens when an external link is followed: "PDF", "website", "video, Spanish". */
export function linkCue(link: Pick<LinkEntry, 'type' | 'language'>): string {
  const language = link.language === 'en' ? [] : [languageName(link.language)]
  return [LINK_TYPES[link.type], ...language].join(', ')
}

/** A phone number that never breaks across lines: non-breaking spaces and hyphens. */
export function phoneText(display: string): string {
  return display.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011')
}
