// What every page's script does (each page loads one: lib/browser-scripts/catalog.ts).
import { hideEndedAlerts, showNextMeeting } from '#lib/browser-scripts/alert-expiry.ts'
import { loadFormFrames } from '#lib/browser-scripts/form-frames.ts'
import { initMenus } from '#lib/browser-scripts/menus.ts'
import { showVideoControls } from '#lib/browser-scripts/video-controls.ts'
import { startVideoPosters } from '#lib/browser-scripts/video-posters.ts'
import { startTranscripts } from '#lib/browser-scripts/video-transcript.ts'

const STARTED = Symbol.for('bureau-site-script')

/** Starts the shared behaviour once per page, even if two of its scripts include it. */
export function initSite(root: Document = document, win: Window = window): boolean {
  const flags = win as unknown as Record<symbol, boolean>
  if (flags[STARTED]) return false
  flags[STARTED] = true
  // Each on its own, the forms first: a failure in one leaves the others working.
  for (const start of [
    () => loadFormFrames(root, win),
    () => showVideoControls(root, win),
    () => hideEndedAlerts(root),
    () => showNextMeeting(root),
    () => initMenus(root),
    () => startVideoPosters(root),
    () => startTranscripts(root, win),
  ]) {
    try {
      start()
    } catch (error) {
      console.error(error)
    }
  }
  return true
}
