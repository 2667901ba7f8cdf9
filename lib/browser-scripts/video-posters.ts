// YouTube posters (components/VideoEmbed.tsx): pressing the play button puts
// YouTube's player in the poster's place; until then nothing comes from YouTube.
import { PLAYER_ALLOW } from '#lib/providers.ts'

const STARTED = Symbol.for('bureau-video-posters')

/** One listener per document, which serves posters the editor's preview draws later too. */
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

/** Puts the player in the poster, and focus on it; hides (in the preview, React owns) the rest. */
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
