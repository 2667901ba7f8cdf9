// `npm run sign-in:status`: whether the editor's GitHub sign-in works on the live site (at
// SIGN_IN_CHECK_URL or SITE_URL), started at /api/auth as the editor would, for the publish run's
// summary. Never fails the run; SITE_EDITOR_AUTH_URL (another sign-in service) skips the check.
import { appendFileSync } from 'node:fs'
import { SIGN_IN_START_PATH } from '#lib/routes.ts'
import { SITE_URL } from '#lib/site-address.ts'

type SignInAnswer = { status: number; location: string | null } | { error: string }

/** What an answer of /api/auth means, in a line for the summary. */
export function signInStatus(site: string, answer: SignInAnswer): string {
  if ('error' in answer)
    return `Site editor sign-in: could not be checked (${site} did not answer: ${answer.error}).`
  const { status, location } = answer
  if (status === 302 && /^https:\/\/github\.com\/login\/oauth\/authorize\?/.test(location ?? ''))
    return `Site editor sign-in: set up. ${site}${SIGN_IN_START_PATH} sends staff to GitHub to sign in.`
  if (status === 503)
    return (
      'Site editor sign-in: NOT set up. Add GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and SITE_URL to the ' +
      'Cloudflare Pages project (deploy/README.md, "Signing in with GitHub").'
    )
  // The service answers only on the address in its SITE_URL setting.
  if (status === 400)
    return `Site editor sign-in: NOT working at ${site}. The Cloudflare Pages project's SITE_URL names another address: set it to ${site} (deploy/README.md, "Signing in with GitHub").`
  if (status === 404)
    return `Site editor sign-in: no sign-in service answers at ${site}${SIGN_IN_START_PATH} (is the site on Cloudflare Pages with its functions?).`
  return `Site editor sign-in: unexpected answer from ${site}${SIGN_IN_START_PATH} (HTTP ${status}).`
}

if (import.meta.main) {
  let line: string
  if (process.env.SITE_EDITOR_AUTH_URL) {
    line = `Site editor sign-in: through another service, ${process.env.SITE_EDITOR_AUTH_URL} (not checked here).`
  } else {
    const site = (process.env.SIGN_IN_CHECK_URL || SITE_URL).replace(/\/$/, '')
    const answer = await fetch(`${site}${SIGN_IN_START_PATH}?provider=github&scope=public_repo`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    }).then(
      (response) => ({ status: response.status, location: response.headers.get('location') }),
      (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) })
    )
    line = signInStatus(site, answer)
  }
  console.log(line)
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${line}\n`)
}
