import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertBanner } from '#components/AlertBanner.tsx'
import { PageBody } from '#components/PageBody.tsx'
import { PageShell } from '#components/PageShell.tsx'
import { withChange } from '#site-editor/content-files.ts'
import { draftTracks } from '#site-editor/captions/tracks.ts'
import { dayInWords } from '#site-editor/day-widget.tsx'
import { siteSource } from '#site-editor/backend.ts'
import { CONTENT_PATH } from '#site-editor/config.ts'
import {
  checkPreview,
  plain,
  type Entry,
  type PreviewProps,
  type PreviewTarget,
  type Result,
} from '#site-editor/preview-content.ts'
import { activeAlerts } from '#lib/content/alerts.ts'
import type { ContentSource } from '#lib/content/source.ts'
import type { Page, SiteContent } from '#lib/content/index.ts'
import { todayInNewJersey } from '#lib/dates.ts'
import { resolveNavigation } from '#lib/navigation.ts'
import { loadFormFrames } from '#lib/browser-scripts/form-frames.ts'
import { showVideoControls } from '#lib/browser-scripts/video-controls.ts'
import { startVideoPosters } from '#lib/browser-scripts/video-posters.ts'
import { startTranscripts } from '#lib/browser-scripts/video-transcript.ts'

// The editor's preview, drawn with the site's own components, or the check's
// message. Only classes the site's CSS already has: it is made without this folder.

/** A preview template for the editor (Decap's registerPreviewTemplate). */
export function createPreview(target: PreviewTarget, title: string) {
  function Preview(props: PreviewProps) {
    const entry = useMemo<Entry>(
      () => ({
        data: (plain(props.entry.get('data')) ?? {}) as Record<string, unknown>,
        path: (props.entry.get('path') as string | undefined) ?? undefined,
        slug: (props.entry.get('slug') as string | undefined) ?? undefined,
      }),
      [props.entry]
    )
    const [source, setSource] = useState<ContentSource>()
    const [result, setResult] = useState<Result>({ state: 'loading' })
    // The captions workshop's files, not saved yet (site-editor/captions).
    const media = props.entry.get('mediaFiles')
    const [drafts, setDrafts] = useState<{ path: string; raw: string }[]>([])
    useEffect(() => void draftTracks(media).then(setDrafts), [media])
    const shown = useMemo(() => source && withChange(source, drafts), [source, drafts])
    useEffect(() => {
      let live = true
      // Read each time an entry is opened, so the preview sees the latest published content.
      siteSource().then(
        (loaded) => live && setSource(loaded),
        (error: Error) => live && setResult(unread(error))
      )
      return () => {
        live = false
      }
    }, [])
    // Checked a moment after each change (checkPreview keeps what it checked last).
    useEffect(() => {
      if (!shown) return
      const timer = setTimeout(() => setResult(checkPreview(shown, target, entry)), 250)
      return () => clearTimeout(timer)
    }, [shown, entry])
    const trackSrc = (file: string) =>
      `data:text/vtt,${encodeURIComponent(shown?.captions.find((f) => f.path.endsWith(`/${file}`))?.text ?? '')}`
    return <PreviewView result={result} target={target} title={title} trackSrc={trackSrc} />
  }
  return Preview
}

const unread = (error: Error): Result => ({
  state: 'checked',
  problems: [
    {
      severity: 'error',
      file: CONTENT_PATH,
      message: `the rest of the site could not be read for the preview (${error.message}). Reload the page to try again.`,
    },
  ],
  file: CONTENT_PATH,
  route: '',
  changed: [],
})

type ViewProps = {
  result: Result
  target: PreviewTarget
  title: string
  trackSrc?: (file: string) => string
}

export function PreviewView({ result, target, title, trackSrc }: ViewProps) {
  if (result.state === 'loading')
    return <p className="p-4">Loading the rest of the site for the preview…</p>
  if (result.state === 'blank')
    return (
      <p className="p-4">
        Fill in the fields on the left. The page shows here as visitors will see it, and the
        site&rsquo;s check says here what, if anything, stops it from being published.
      </p>
    )
  const { content, problems, file, route, changed } = result
  const errors = problems.filter((p) => p.severity === 'error')
  if (!content)
    return (
      <Problems
        tone="error"
        items={errors.map((problem) => (
          <>
            <span className="font-semibold">
              {problem.line ? `${problem.file}, line ${problem.line}` : problem.file}:
            </span>{' '}
            {problem.message}
          </>
        ))}
      />
    )
  const page = content.byRoute.get(route)
  const notices = problems.filter((p) => p.severity === 'notice' && p.file === file)
  return (
    <FrameDocument title={target.kind === 'page' ? (page?.title ?? title) : title}>
      {notices.length > 0 && (
        // A page's notices are about the page, which the check names by its file.
        <Problems
          tone="notice"
          items={notices.map((p) =>
            target.kind === 'page' ? `This page ${p.message}` : p.message
          )}
        />
      )}
      <PageShell
        route={target.kind === 'page' ? route : null}
        site={content.registries.site}
        navigation={resolveNavigation(content.registries)}
        alerts={activeAlerts(content.alerts, todayInNewJersey())}
        searchable={false}
        scripts={[]}
        // No policy here: the preview is part of the editor, which has its own.
        policy=""
        title={target.kind === 'page' ? (page?.title ?? '') : title}
      >
        {target.kind === 'registry' && target.name === 'alerts' ? (
          <AllAlerts content={content} />
        ) : target.kind === 'meetings' ||
          (target.kind === 'registry' && target.name === 'documents') ? (
          <PagesListing content={content} ids={changed} />
        ) : page ? (
          <>
            <PageBody page={page as Page} trackSrc={trackSrc} />
            <StartPageScripts />
          </>
        ) : (
          <p>This page has no route yet.</p>
        )}
      </PageShell>
    </FrameDocument>
  )
}

/** The preview's page: in English, titled, with room for the editor's buttons over its corner. */
function FrameDocument({ title, children }: { title: string; children: ReactNode }) {
  const marker = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const document = marker.current?.ownerDocument
    if (!document) return
    document.documentElement.lang = 'en'
    document.title = `Preview: ${title}`
  }, [title])
  return (
    <div ref={marker} style={{ paddingTop: '3.5rem' }}>
      {children}
    </div>
  )
}

/** The site's browser scripts: form frames, video controls and posters. */
function StartPageScripts() {
  const marker = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const document = marker.current!.ownerDocument
    loadFormFrames(document, document.defaultView!, { firstPaint: false })
    showVideoControls(document, document.defaultView!, { firstPaint: false })
    startVideoPosters(document)
    startTranscripts(document, document.defaultView!)
  })
  return <span ref={marker} hidden />
}

/** The pages that list the documents being added or changed. */
function PagesListing({ content, ids }: { content: SiteContent; ids: string[] }) {
  if (ids.length === 0)
    return (
      <p>
        Add a document, or change one, and the page that lists it shows here as visitors will see
        it.
      </p>
    )
  const lists = (page: Page) =>
    page.blocks.some(
      (b) =>
        (b.kind === 'documents' || b.kind === 'document') &&
        b.documents.some((doc) => ids.includes(doc.id))
    )
  const pages = content.pages.filter(lists)
  if (pages.length === 0)
    return (
      <p>
        No page lists {ids.length === 1 ? `the document "${ids[0]}"` : 'these documents'} yet. A
        page lists documents with an @documents line for their kind, or @document with the id.
      </p>
    )
  return (
    <>
      {pages.map((page) => (
        <section key={page.route} className="mb-10">
          <h2 className="text-2xl font-bold">
            On the page {page.title} ({page.route})
          </h2>
          <PageBody page={page} />
        </section>
      ))}
      <StartPageScripts />
    </>
  )
}

/** Every alert, with its dates, whether it shows today or not. */
function AllAlerts({ content }: { content: SiteContent }) {
  if (content.alerts.length === 0) return <p>There are no alerts.</p>
  return (
    <div>
      {content.alerts.map((alert) => (
        <div key={alert.id} className="mb-6">
          <p className="font-semibold">
            {/* Four-digit years: a mistyped year is plain to see here. */}
            Shown from {dayInWords(alert.start)} to {dayInWords(alert.end)}:
          </p>
          <AlertBanner alerts={[alert]} />
        </div>
      ))}
    </div>
  )
}

/** The check's errors, which stop the preview, or the notices of the file being edited. */
function Problems({ tone, items }: { tone: 'error' | 'notice'; items: ReactNode[] }) {
  const error = tone === 'error'
  return (
    <div className="p-4">
      <section
        className={`max-w-prose border-l-8 px-4 py-3 ${error ? 'border-brand bg-brand-light' : 'border-link bg-panel'}`}
        role={error ? 'alert' : 'status'}
      >
        <h2 className="text-lg font-bold">
          {error
            ? 'The site cannot be built with this change yet'
            : 'Worth a look (this does not stop the build)'}
        </h2>
        {error && <p>Fix this and the preview comes back:</p>}
        <ul className="mt-2 list-disc pl-6">
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  )
}
