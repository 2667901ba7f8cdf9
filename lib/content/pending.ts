/**
 * Routes from the specification that later issues build. Links to them are
 * allowed until they exist; the link check over the export accepts exactly
 * these. Empty this list as the pages land.
 */
export const PENDING_ROUTES: ReadonlySet<string> = new Set([
  '/comissioners',
  '/meeting',
  '/policy',
  '/petition',
  '/records',
  '/current',
  '/report',
  '/audit',
  '/resolution',
])
