// Transcripts and described video (components/VideoEmbed.tsx). A transcript line, a link to the
// video at its moment, plays the page's player from there. "Read the descriptions aloud" speaks
// each description as it comes, in the browser's voice, the video paused meanwhile.

const STARTED = Symbol.for('bureau-video-transcript')

/** One listener per document, which serves the players the editor's preview draws later too. */
export function startTranscripts(root: Document = document, win: Window = window) {
  for (const button of root.querySelectorAll<HTMLElement>('[data-describe]'))
    button.hidden = !('speechSynthesis' in win)
  const flags = root as unknown as Record<symbol, boolean>
  if (flags[STARTED]) return
  flags[STARTED] = true
  root.addEventListener('click', (event) => {
    const target = (event.target as Element).closest?.<HTMLElement>('[data-seek], [data-describe]')
    const player = target?.closest('figure')?.querySelector('video')
    if (!target || !player) return
    if (target.matches('button')) return describe(target, player, win)
    event.preventDefault()
    player.currentTime = Number(target.dataset.seek)
    player.scrollIntoView({ block: 'nearest' })
    void player.play().catch(() => {})
  })
}

/** Turns the spoken descriptions on or off: each cue of the descriptions track, as it begins. */
function describe(button: HTMLElement, player: HTMLVideoElement, win: Window) {
  const on = button.getAttribute('aria-pressed') !== 'true'
  const track = [...player.textTracks].find((t) => t.kind === 'descriptions')!
  button.setAttribute('aria-pressed', String(on))
  win.speechSynthesis.cancel()
  track.mode = on ? 'hidden' : 'disabled'
  track.oncuechange = () => {
    const cue = track.activeCues?.[0] as VTTCue | undefined
    if (!on || !cue) return
    const playing = !player.paused
    player.pause()
    const speech = new SpeechSynthesisUtterance(cue.getCueAsHTML().textContent ?? '')
    speech.onend = speech.onerror = () => void (playing && player.play().catch(() => {}))
    win.speechSynthesis.speak(speech)
  }
}
