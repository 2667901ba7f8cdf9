import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { currentBackend } from 'decap-cms-core/dist/esm/backend'
import { store } from 'decap-cms-core/dist/esm/redux'
import { draftTracks, pathOf, toVtt } from '#site-editor/captions/tracks.ts'
import { clock, readCues, type Cue } from '#lib/content/check.ts'

// The captions workshop: the widget of a video's "Captions file" field (registered in main.tsx),
// and "Write captions and descriptions" under it. The video plays here; the clerk types what is
// said (or seen), and Enter ends the cue. The WebVTT files ride with the entry as Decap draft
// media, so the one Save writes them with videos.yaml, through the site check
// (site-editor/backend.ts, withCaptionFiles); the preview plays them on the page's own player.

const TRACKS = ['captions', 'descriptions'] as const
type Track = (typeof TRACKS)[number]
type Video = Record<'id' | 'title' | 'url' | 'provider', string> & Partial<Record<Track, string>>
type Data = {
  getIn(path: unknown[]): Data
  setIn(path: unknown[], value: unknown): Data
  toJS(): unknown
}
type Props = { forID: string; value?: string; onChange: (value: string) => void }
const editor = store as {
  getState(): { config: unknown; entryDraft: Data }
  dispatch(action: object): void
}
/** A part of the entry being edited, from Decap's store. */
const draft = (...path: string[]) => editor.getState().entryDraft.getIn(['entry', ...path])

/** The seconds "Back" jumps, and how long a description is shown (the page pauses at its start). */
export const BACK_SECONDS = 5
export const DESCRIPTION_SECONDS = 1
const WORDS: Record<Track, { name: string; one: string; box: string }> = {
  captions: {
    name: 'What is said (captions)',
    one: 'Caption',
    box: 'What is said, as you hear it. Enter ends the caption where you began typing; Enter on an empty box starts the next caption here.',
  },
  descriptions: {
    name: 'What is seen and not said (descriptions)',
    one: 'Description',
    box: 'What is seen and not said, as you see it. Enter places it where you began typing.',
  },
}
/** Moments to the millisecond, as WebVTT writes them. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000

/** The video whose entry holds this field: its place among the list's entries on screen. */
function videoAt(element: HTMLElement): [number, Video] {
  const entry = element.closest('[class*="SortableListItem"]')!
  const index = [...entry.parentElement!.children].indexOf(entry)
  return [index, draft('data', 'items').getIn([index]).toJS() as Video]
}

/** A track's cues: the draft's, or the saved file's (read as the site check's guard reads files). */
async function loadCues(video: Video, track: Track): Promise<Cue[]> {
  if (!video[track]) return []
  const path = pathOf(video[track])
  const saved = (await draftTracks(draft('mediaFiles'))).find((f) => f.path === path)?.raw
  const backend = currentBackend(editor.getState().config) as {
    implementation: { getEntry(path: string): Promise<{ data: string }> }
  }
  return readCues(saved ?? (await backend.implementation.getEntry(path)).data)
}

/** Puts a track in the entry: its file as draft media, its name and the video's length in the entry. */
function keep(index: number, video: Video, track: Track, cues: Cue[], duration: number) {
  const name = video[track] ?? `${video.id}${track === 'descriptions' ? '-descriptions' : ''}.vtt`
  const file = new File([toVtt(cues)], name, { type: 'text/vtt' })
  const path = pathOf(name)
  editor.dispatch({
    type: 'ADD_DRAFT_ENTRY_MEDIA_FILE',
    payload: { id: path, path, file, draft: true },
  })
  const value = draft('data', 'items')
    .setIn([index, track], name)
    .setIn([index, 'duration'], duration)
  const field = { get: (key: string) => (key === 'name' ? 'items' : undefined) }
  editor.dispatch({ type: 'DRAFT_CHANGE_FIELD', payload: { field, value, entries: [] } })
}

/** The "Captions file" field: the file's name (typed, as before), and the workshop. */
export function CaptionsControl({ forID, value, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const own = useRef<HTMLDivElement>(null)
  return (
    <div ref={own}>
      <input
        id={forID}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        style={INPUT}
      />
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the captions workshop' : 'Write captions and descriptions'}
      </button>
      {open ? <Workshop at={() => videoAt(own.current!)} /> : null}
    </div>
  )
}

function Workshop({ at }: { at: () => [number, Video] }) {
  const [[index, video]] = useState(at)
  const player = useRef<HTMLVideoElement>(null)
  const [cues, setCues] = useState<Record<Track, Cue[]>>()
  const [typed, setTyped] = useState({ captions: '', descriptions: '' })
  const [pauseToType, setPauseToType] = useState(true)
  // Where the next caption starts, and the moment the clerk began typing a cue (the video waits there).
  const [next, setNext] = useState(0)
  const began = useRef<{ at: number; paused: boolean }>(undefined)
  useEffect(() => {
    Promise.all(TRACKS.map((track) => loadCues(video, track))).then(
      ([captions = [], descriptions = []]) => {
        setCues({ captions, descriptions })
        setNext(captions.at(-1)?.end ?? 0)
      }
    )
  }, [video])
  if (video.provider !== 'file')
    return (
      <p>
        This video is on YouTube, whose player the editor cannot time. Write what is said and seen
        in its Transcript field: the page shows it under the video.
      </p>
    )
  if (!cues) return <p role="status">Loading the captions…</p>
  // (Read when used: the player is drawn after this render.)
  const media = () => player.current!
  const change = (track: Track, list: Cue[]) => {
    const sorted = [...list].sort((a, b) => a.start - b.start)
    setCues({ ...cues, [track]: sorted })
    keep(index, video, track, sorted, Math.ceil((media().duration || 0) * 10) / 10)
  }
  const play = (from?: number) => {
    if (from !== undefined) media().currentTime = Math.max(0, from)
    void media().play()
  }
  const onKey = (track: Track, event: KeyboardEvent<HTMLInputElement>) => {
    const now = ms(media().currentTime)
    if (event.key === 'Escape') return play(now - BACK_SECONDS)
    if (event.key !== 'Enter') return
    event.preventDefault()
    const { at, paused } = began.current ?? { at: now, paused: false }
    began.current = undefined
    if (paused) play()
    const text = typed[track].trim()
    // Enter on an empty box: the next caption starts here (after a silence).
    if (!text) return setNext(now)
    const said = track === 'captions'
    const [start, end] = said
      ? [next, at]
      : [at, Math.min(at + DESCRIPTION_SECONDS, media().duration)]
    if (said) setNext(at)
    setTyped({ ...typed, [track]: '' })
    change(track, [...cues[track], { start: Math.min(start, end), end, text }])
  }
  const onType = (track: Track, text: string) => {
    if (!began.current) {
      const paused = pauseToType && !media().paused
      if (paused) media().pause()
      began.current = { at: ms(media().currentTime), paused }
    }
    setTyped({ ...typed, [track]: text })
  }
  return (
    <section aria-label={`Captions workshop for “${video.title}”`}>
      <video
        ref={player}
        src={video.url}
        controls
        aria-label={video.title}
        style={{ width: '100%' }}
      />
      <p>
        <label>
          Speed{' '}
          <select onChange={(e) => (media().playbackRate = Number(e.target.value))}>
            {[1, 0.75, 0.5].map((s) => (
              <option key={s} value={s}>{`${s}×`}</option>
            ))}
          </select>
        </label>{' '}
        <label>
          <input
            type="checkbox"
            checked={pauseToType}
            onChange={() => setPauseToType(!pauseToType)}
          />{' '}
          Pause the video while I type
        </label>{' '}
        <button type="button" onClick={() => play(media().currentTime - BACK_SECONDS)}>
          Back {BACK_SECONDS} seconds
        </button>
      </p>
      <p>Escape in a box goes back {BACK_SECONDS} seconds too.</p>
      {TRACKS.map((track) => (
        <label key={track} style={{ display: 'block' }}>
          {WORDS[track].box}
          <input
            value={typed[track]}
            onChange={(e) => onType(track, e.target.value)}
            onKeyDown={(e) => onKey(track, e)}
            style={{ ...INPUT, display: 'block', width: '100%' }}
          />
        </label>
      ))}
      {TRACKS.map((track) => (
        <div key={track}>
          <p style={{ fontWeight: 600 }}>{WORDS[track].name}</p>
          <ol aria-label={WORDS[track].name}>
            {cues[track].map((cue, i) => {
              const name = `${WORDS[track].one} ${i + 1}`
              const edit = (changed: Partial<Cue>) =>
                change(
                  track,
                  cues[track].map((c, j) => (j === i ? { ...c, ...changed } : c))
                )
              return (
                <li key={i}>
                  {(['start', 'end'] as const).map((key) => (
                    <span key={key}>
                      {key === 'start' ? 'From ' : ' to '}
                      <input
                        type="number"
                        step="0.1"
                        min="0"
                        aria-label={`${name} ${key === 'start' ? 'from' : 'to'} (seconds)`}
                        value={cue[key]}
                        onChange={(e) => edit({ [key]: Number(e.target.value) })}
                        style={{ ...INPUT, width: '6em' }}
                      />
                    </span>
                  ))}{' '}
                  seconds{' '}
                  <input
                    aria-label={`Words of ${name.toLowerCase()}`}
                    value={cue.text}
                    onChange={(e) => edit({ text: e.target.value })}
                    style={INPUT}
                  />{' '}
                  <button type="button" onClick={() => play(cue.start)}>
                    Play from {clock(cue.start)}
                  </button>{' '}
                  <button
                    type="button"
                    aria-label={`Delete ${name.toLowerCase()}`}
                    onClick={() =>
                      change(
                        track,
                        cues[track].filter((_, j) => j !== i)
                      )
                    }
                  >
                    Delete
                  </button>
                </li>
              )
            })}
          </ol>
        </div>
      ))}
    </section>
  )
}

/** Decap's own style takes the frames off text boxes: these need one to be seen. */
const INPUT = { border: '1px solid', padding: '0.25rem' }
