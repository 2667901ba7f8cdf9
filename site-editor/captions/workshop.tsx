import { useRef, useState, type KeyboardEvent } from 'react'
import { currentBackend } from 'decap-cms-core/dist/esm/backend'
import { store } from 'decap-cms-core/dist/esm/redux'
import { draftTracks, pathOf, toVtt } from '#site-editor/captions/tracks.ts'
import { clock, readCues, transcriptOf, type Cue } from '#lib/content/check.ts'

// The captions workshop: the widget of a video's "Captions file" (`workshop` in schemas.ts). The
// clerk types what is said, or "Seen:" and what is seen, as the video plays; its files ride as Decap
// draft media, so one Save writes them with videos.yaml through the site check (backend.ts).

type Track = 'captions' | 'descriptions'
type Video = Record<'id' | 'title' | 'url' | 'provider', string> & Partial<Record<Track, string>>
type Data = {
  getIn(path: unknown[]): Data
  setIn(path: unknown[], v: unknown): Data
  toJS(): unknown
}
const editor = store as {
  getState(): { config: unknown; entryDraft: Data }
  dispatch(a: object): void
}
/** A part of the entry being edited, from Decap's store. */
const draft = (...path: string[]) => editor.getState().entryDraft.getIn(['entry', ...path])

/** The seconds Escape goes back, and how long a description is shown (the page pauses at its start). */
export const BACK_SECONDS = 5
const DESCRIPTION_SECONDS = 1
/** A description is a line that starts so. */
const SEEN = /^\s*seen:\s*/i
const sorted = (cues: Cue[]) => [...cues].sort((a, b) => a.start - b.start)
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000
const TRACKS = ['captions', 'descriptions'] as const

/** A track's cues: the draft's, or the saved file's (read through Decap's backend). */
async function loadCues(video: Video, track: Track): Promise<Cue[]> {
  if (!video[track]) return []
  const path = pathOf(video[track])
  const saved = (await draftTracks(draft('mediaFiles'))).find((f) => f.path === path)?.raw
  const backend = currentBackend(editor.getState().config) as {
    implementation: { getEntry(path: string): Promise<{ data: string }> }
  }
  return readCues(saved ?? (await backend.implementation.getEntry(path)).data)
}

/** Puts the lines in the entry: each track's file as draft media, its name, and the video's length. */
function keep(index: number, video: Video, lines: Cue[], duration: number) {
  let items = draft('data', 'items').setIn([index, 'duration'], duration)
  for (const track of TRACKS) {
    const seen = track === 'descriptions'
    const cues = sorted(lines)
      .filter((cue) => cue.text.trim() && SEEN.test(cue.text) === seen)
      .map((cue) => ({ ...cue, text: cue.text.replace(SEEN, '') }))
    if (cues.length === 0) continue
    const name = video[track] ?? `${video.id}${seen ? '-descriptions' : ''}.vtt`
    const [path, file] = [pathOf(name), new File([toVtt(cues)], name)]
    const payload = { id: path, path, file, draft: true }
    editor.dispatch({ type: 'ADD_DRAFT_ENTRY_MEDIA_FILE', payload })
    items = items.setIn([index, track], name)
  }
  const field = { get: (key: string) => (key === 'name' ? 'items' : undefined) }
  editor.dispatch({ type: 'DRAFT_CHANGE_FIELD', payload: { field, value: items, entries: [] } })
}

/** The "Captions file" field: the file's name, and the workshop that writes it. */
export function CaptionsControl({ value }: { value?: string }) {
  const own = useRef<HTMLDivElement>(null)
  const player = useRef<HTMLVideoElement>(null)
  const [[index, video] = [], setVideo] = useState<[number, Video]>()
  const [cues, setCues] = useState<Cue[]>([])
  const [typed, setTyped] = useState('')
  // Where the next caption starts, and the moment the clerk began typing a line (the video waits there).
  const [next, setNext] = useState(0)
  const began = useRef<{ at: number; paused: boolean }>(undefined)
  const media = () => player.current!
  const open = async () => {
    // The video whose entry holds this field: its place among the list's entries on screen.
    const entry = own.current!.closest('[class*="SortableListItem"]')!
    const at = [...entry.parentElement!.children].indexOf(entry)
    const found = draft('data', 'items').getIn([at]).toJS() as Video
    const [said, seen] = await Promise.all(TRACKS.map((track) => loadCues(found, track)))
    setCues(transcriptOf(said, seen))
    setNext(said!.at(-1)?.end ?? 0)
    setVideo([at, found])
  }
  const change = (list: Cue[]) => {
    setCues(sorted(list))
    keep(index!, video!, list, Math.ceil((media().duration || 0) * 10) / 10)
  }
  const play = (from = media().currentTime) => {
    media().currentTime = Math.max(0, from)
    void media().play()
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const now = ms(media().currentTime)
    if (event.key === 'Escape') return play(now - BACK_SECONDS)
    if (event.key !== 'Enter') return
    event.preventDefault()
    const { at, paused } = began.current ?? { at: now, paused: false }
    began.current = undefined
    if (paused) play()
    const text = typed.trim()
    // Enter on an empty box: the next caption starts here (after a silence).
    if (!text) return setNext(now)
    const seen = SEEN.test(text)
    if (!seen) setNext(at)
    setTyped('')
    // A description lasts DESCRIPTION_SECONDS, inside the video even when begun at its very end.
    const { duration } = media()
    const start = seen
      ? Math.max(0, Math.min(at, ms(duration - DESCRIPTION_SECONDS)))
      : Math.min(next, at)
    const end = seen ? Math.min(start + DESCRIPTION_SECONDS, duration) : at
    change([...cues, { start, end, text }])
  }
  const onType = (text: string) => {
    if (!began.current) {
      began.current = { at: ms(media().currentTime), paused: !media().paused }
      media().pause()
    }
    setTyped(text)
  }
  const edit = (i: number, changed: Partial<Cue>) =>
    change(cues.map((c, j) => (j === i ? { ...c, ...changed } : c)))
  return (
    <div ref={own}>
      <button
        type="button"
        aria-expanded={!!video}
        onClick={() => (video ? setVideo(undefined) : void open())}
      >
        {video ? 'Close the captions workshop' : 'Write captions and descriptions'}
      </button>{' '}
      {value}
      {video && video.provider !== 'file' ? (
        <p>
          YouTube’s player cannot be timed from here: write what is said and seen in the video’s
          Transcript field.
        </p>
      ) : video ? (
        <section aria-label={`Captions workshop for “${video.title}”`}>
          <video
            ref={player}
            src={video.url}
            controls
            aria-label={video.title}
            style={{ width: '100%' }}
          />
          <label>
            Type what is said as you hear it, or “Seen:” and what is seen and not said: the video
            waits while you type. Enter places the line where you began typing; Enter on an empty
            box starts the next caption here; Escape goes back {BACK_SECONDS} seconds. (Slower: the
            player’s ⋮ menu, Playback speed.)
            <input
              value={typed}
              onChange={(e) => onType(e.target.value)}
              onKeyDown={onKey}
              style={{ ...INPUT, display: 'block', width: '100%' }}
            />
          </label>
          <ol aria-label="Captions and descriptions (to delete one, clear its words)">
            {cues.map((cue, i) => (
              <li key={i}>
                {(['start', 'end'] as const).map((key) => (
                  <span key={key}>
                    {key === 'start' ? 'From ' : ' to '}
                    <input
                      type="number"
                      step="0.1"
                      min="0"
                      aria-label={`Line ${i + 1} ${key === 'start' ? 'from' : 'to'} (seconds)`}
                      value={cue[key]}
                      onChange={(e) => edit(i, { [key]: Number(e.target.value) })}
                      style={{ ...INPUT, width: '6em' }}
                    />
                  </span>
                ))}{' '}
                seconds{' '}
                <input
                  aria-label={`Words of line ${i + 1}`}
                  value={cue.text}
                  onChange={(e) => edit(i, { text: e.target.value })}
                  style={INPUT}
                />{' '}
                <button type="button" onClick={() => play(cue.start)}>
                  Play from {clock(cue.start)}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}

/** Decap's own style takes the frames off text boxes: these need one to be seen. */
const INPUT = { border: '1px solid', padding: '0.25rem' }
