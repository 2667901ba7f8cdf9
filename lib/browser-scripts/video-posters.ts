// YouTube posters (components/VideoEmbed.tsx): pressing a poster's play
// button puts YouTube's player in the poster's place and starts the video.
// Until then nothing is loaded from YouTube. Without JavaScript the page
// shows the player in <noscript> instead.

import { PLAYER_ALLOW } from '#lib/providers.ts'

const STARTED = Symbol.for('bureau-video-posters')

/**
 * Listens once per document for presses of a poster's play button. One
 * listener on the document serves posters added later too (the editor's
 * preview draws its pages again as staff type).
 */
export function startVideoPosters(root: Document = document) {
  const flags = root as unknown as Record<symbol, boolean>
  if (flags[STARTED]) return
  flags[STARTED] = true
  root.addEventListener('click', (event) => {
    const target = event.target as Element | null
    const button = target?.closest?.<HTMLButtonElement>('button[data-player-src]')
    if (button) playVideo(button)
  })
}

/**
 * Puts the player in the poster and moves focus into it, so a keyboard user
 * is where the video is. The poster's own parts are hidden, not removed: in
 * the editor's preview the page belongs to React, which removes the whole
 * poster, player and all, when it draws the page again.
 */
function playVideo(button: HTMLButtonElement) {
  const poster = button.parentElement!
  const { playerSrc, playerTitle, playerClass, playerWidth, playerHeight } = button.dataset
  const frame = button.ownerDocument.createElement('iframe')
  frame.src = playerSrc!
  frame.title = playerTitle!
  frame.className = playerClass!
  frame.width = playerWidth!
  frame.height = playerHeight!
  frame.allow = PLAYER_ALLOW
  for (const child of poster.children) child.setAttribute('hidden', '')
  poster.append(frame)
  frame.focus()
}
