/** Pages are exported as <route>/index.html, so links carry the slash and no host redirects. */
export const routeHref = (route: string) => (route === '/' ? '/' : `${route}/`)

export const FEED_PATH = '/feed.xml'

/** The Board's meetings as an iCalendar file (lib/meetings.ts), written by the build. */
export const CALENDAR_PATH = '/meetings.ics'

export const CAPTIONS_PATH = '/captions/'

/** Each page's text hash and its day (tools/export/page-dates.ts), read back from the live site. */
export const PAGE_DATES_FILE = 'page-dates.json'

export const SITE_EDITOR_PATH = '/admin/'

/** The editor's GitHub sign-in service (functions/sign-in.ts): its window opens here and GitHub sends it back here. */
export const SIGN_IN_START_PATH = '/api/auth'
export const SIGN_IN_CALLBACK_PATH = '/api/callback'
